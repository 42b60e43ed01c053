/** Query keys of the billing data; kept free of imports so the query client can name them. */
export const billingQueryKey = ['billing'] as const;
export const entitlementsQueryKey = ['billing', 'entitlements'] as const;
export const billingOverviewQueryKey = ['billing', 'overview'] as const;
