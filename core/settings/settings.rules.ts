// Spec §9: default currency USD, symbol $, 2 decimals. Kenyan tenants are seeded with KES.
export const DEFAULT_CURRENCY_CODE = 'USD';
export const DEFAULT_CURRENCY_SYMBOL = '$';
export const DEFAULT_CURRENCY_DECIMALS = 2;
export const DEFAULT_TIME_ZONE = 'Africa/Nairobi';
