import { useSignedInUser } from '../auth/auth-provider';
import { PRODUCT_NAME } from '../lib/use-document-title';
import { useProfileQuery } from '../profile/profile.api';
import { useBusinessSettings } from '../settings/settings.api';
import { useTenantContext } from '../tenancy/tenancy.api';

/**
 * The shop the admin area shows: the address's tenant, or on a development host without one
 * the signed-in person's own shop. Its logo and currency come from the business settings.
 */
export function useShopIdentity() {
  const user = useSignedInUser();
  const { tenant, isLoading } = useTenantContext();
  const hasShop = user.tenantId !== null;
  // The shop's name comes with the profile only where the address names no shop.
  const profile = useProfileQuery({ enabled: !isLoading && !tenant && hasShop });
  const settings = useBusinessSettings({ enabled: hasShop });
  const name = tenant?.name ?? (hasShop ? profile.data?.tenantName : null) ?? PRODUCT_NAME;
  return {
    name,
    hasShop,
    logoUrl: settings.data?.companyLogoUrl ?? tenant?.logoUrl ?? null,
    settings,
  };
}
