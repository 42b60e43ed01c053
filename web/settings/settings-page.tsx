import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useSignedInUser } from '../auth/auth-provider';
import { mayDo } from '../auth/may-do';
import { useEntitlements } from '../billing/billing.api';
import { BillingTab } from '../billing/billing-tab';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { Spinner } from '../components/ui/spinner';
import { cn } from '../lib/cn';
import { useDocumentTitle } from '../lib/use-document-title';
import { lazyArea } from '../i18n/lazy-area';
import { BusinessSettingsTab } from './business-settings-tab';
import { FeaturesTab } from './features-tab';
import { ShopExportCard } from './shop-export-card';
import { InventorySettingsTab } from '../inventory/inventory-settings-tab';
import { CreditSettingsSection } from '../accounts/credit-settings-section';
import { LoyaltySettingsSection } from '../loyalty/loyalty-settings-section';
import { SalesSettingsTab } from './sales-settings-tab';
import { EtimsSettingsTab } from '../etims/etims-settings-tab';

// The M-Pesa tab and its catalog come when it is first shown.
const mpesaSettings = lazyArea(['payments'], () => import('../payments/mpesa-settings-tab'));
const MpesaSettingsTab = lazy(() => mpesaSettings.load().then((module) => ({ default: module.MpesaSettingsTab })));

const TABS = ['business', 'inventory', 'sales', 'customers', 'mpesa', 'etims', 'billing', 'features'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => (TABS as readonly (string | null)[]).includes(value);

/** /admin/settings: ?tab= picks the tab (spec §2: tab=billing opens billing). */
export function SettingsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Settings`);
  const user = useSignedInUser();
  // Every member reads the settings; settings.manage changes them, billing.manage pays for the plan.
  const mayChange = mayDo(user, 'settings.manage');
  const mayManageBilling = mayDo(user, 'billing.manage');
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'business';
  const entitlements = useEntitlements({ enabled: user.tenantId !== null });

  const selectTab = (value: string) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="grid min-w-0 gap-6">
      <h1 className="text-2xl font-semibold sm:text-3xl">
        <Trans>Settings</Trans>
      </h1>
      <Tabs value={tab} onValueChange={selectTab} className="min-w-0">
        <TabsList className={cn('grid h-auto w-full grid-cols-2 sm:w-fit', mayChange ? 'min-[420px]:grid-cols-4 lg:grid-cols-8' : 'min-[420px]:grid-cols-3 md:grid-cols-5')}>
          <TabsTrigger value="business">
            <Trans>Business</Trans>
          </TabsTrigger>
          <TabsTrigger value="inventory">
            <Trans>Inventory</Trans>
          </TabsTrigger>
          <TabsTrigger value="sales">
            <Trans>Sales</Trans>
          </TabsTrigger>
          <TabsTrigger value="customers">
            <Trans>Customers</Trans>
          </TabsTrigger>
          {/* The Daraja credentials are the owner's (the API answers them only). */}
          {mayChange && (
            <TabsTrigger value="mpesa">
              <Trans>M-Pesa</Trans>
            </TabsTrigger>
          )}
          {/* KRA eTIMS binds the shop's tax identity: the owner's (issue 19). */}
          {mayChange && (
            <TabsTrigger value="etims">
              <Trans>eTIMS</Trans>
            </TabsTrigger>
          )}
          {/* Billing is the owner's: nobody else is led to a tab that says so (issue 10 item 6). */}
          {mayManageBilling && (
            <TabsTrigger value="billing">
              <Trans>Billing</Trans>
            </TabsTrigger>
          )}
          <TabsTrigger value="features">
            <Trans>Features</Trans>
          </TabsTrigger>
        </TabsList>
        <TabsContent value="business" className="grid gap-6">
          <BusinessSettingsTab canEdit={mayChange} />
          {mayChange && <ShopExportCard />}
        </TabsContent>
        <TabsContent value="inventory">
          <InventorySettingsTab canEdit={mayChange} />
        </TabsContent>
        <TabsContent value="sales">
          <SalesSettingsTab canEdit={mayChange} />
        </TabsContent>
        <TabsContent value="customers" className="grid gap-6">
          <CreditSettingsSection />
          {/* The programme's figures are for loyalty.manage (the API answers them only). */}
          {mayDo(user, 'loyalty.manage') && <LoyaltySettingsSection canEdit={mayChange} />}
        </TabsContent>
        <TabsContent value="mpesa">
          {mayChange ? (
            <Suspense fallback={<Spinner label={t`Loading`} />}>
              <MpesaSettingsTab />
            </Suspense>
          ) : (
            <p className="text-sm text-muted-foreground">
              <Trans>Only the shop owner manages the M-Pesa settings.</Trans>
            </p>
          )}
        </TabsContent>
        <TabsContent value="etims">
          <EtimsSettingsTab canEdit={mayChange} />
        </TabsContent>
        <TabsContent value="billing">
          {mayManageBilling ? (
            <BillingTab />
          ) : (
            <p className="text-sm text-muted-foreground">
              <Trans>Only the shop owner manages the subscription and payments.</Trans>
            </p>
          )}
        </TabsContent>
        <TabsContent value="features">
          {entitlements.data ? (
            <FeaturesTab entitlements={entitlements.data} />
          ) : entitlements.isError ? (
            <p className="text-sm text-muted-foreground">
              <Trans>The plan features are not available right now.</Trans>
            </p>
          ) : (
            <Spinner label={t`Loading plan features`} />
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
