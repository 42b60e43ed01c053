import { Trans, useLingui } from '@lingui/react/macro';
import { useMayDo } from '../auth/may-do';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { RoleRefusal, useAddressParams } from '../inventory/inventory-ui';
import { useDocumentTitle } from '../lib/use-document-title';
import { CommissionRates } from './commission-rates';
import { CommissionReport } from './commission-report';

// Commissions (issue 20, plan feature commission_tracking): the report with payouts
// (?view=report) and the rates (?view=rates). It belongs with the Team area: paying people and
// setting what they earn is managing the team (permission team.manage), and a sales report's
// readers (managers) should not see what colleagues earn.
export function Commissions() {
  const [params, change] = useAddressParams();
  const view = params.get('view') === 'rates' ? 'rates' : 'report';
  return (
    <Tabs value={view} onValueChange={(value) => change({ view: value === 'rates' ? 'rates' : undefined })} className="min-w-0">
      <TabsList className="grid w-full grid-cols-2 sm:w-fit">
        <TabsTrigger value="report">
          <Trans>Report and payouts</Trans>
        </TabsTrigger>
        <TabsTrigger value="rates">
          <Trans>Rates</Trans>
        </TabsTrigger>
      </TabsList>
      <TabsContent value="report">
        <CommissionReport />
      </TabsContent>
      <TabsContent value="rates">
        <CommissionRates />
      </TabsContent>
    </Tabs>
  );
}

/**
 * Commissions as a page of its own, until the Team page gives it a tab
 * (`/admin/team?tab=commissions`). Reached by its address without team.manage, it says why.
 */
export function CommissionsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Commissions`);
  const mayManageTeam = useMayDo('team.manage');
  return (
    <div className="grid min-w-0 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold sm:text-3xl">
          <Trans>Commissions</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>What each person earns on their sales, net of VAT, less what comes back.</Trans>
        </p>
      </div>
      {mayManageTeam ? <Commissions /> : <RoleRefusal what={t`the commission report`} />}
    </div>
  );
}
