import { Trans, useLingui } from '@lingui/react/macro';
import { useMayDo } from '../auth/may-do';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { RoleRefusal, useAddressParams } from '../inventory/inventory-ui';
import { useDocumentTitle } from '../lib/use-document-title';
import { EtimsDocuments } from './etims-documents';
import { EtimsItems } from './etims-items';

// /admin/etims (issue 19): what the shop sent to KRA eTIMS (?tab=documents) and the products'
// eTIMS items (?tab=items). For etims.manage (managers and owners, or a custom role given it); the
// device itself is set up in Settings → eTIMS.

export function EtimsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`eTIMS`);
  const mayManageEtims = useMayDo('etims.manage');
  const [params, change] = useAddressParams();
  const tab = params.get('tab') === 'items' ? 'items' : 'documents';
  return (
    <div className="grid min-w-0 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold sm:text-3xl">
          <Trans>KRA eTIMS</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>Every sale and return is sent to KRA as an e-invoice. Products need KRA’s item details first.</Trans>
        </p>
      </div>
      {mayManageEtims ? (
        <Tabs value={tab} onValueChange={(value) => change({ tab: value, status: undefined, kind: undefined, q: undefined, items: undefined })} className="min-w-0">
          <TabsList className="grid w-full grid-cols-2 sm:w-fit">
            <TabsTrigger value="documents">
              <Trans>Documents</Trans>
            </TabsTrigger>
            <TabsTrigger value="items">
              <Trans>Items</Trans>
            </TabsTrigger>
          </TabsList>
          <TabsContent value="documents">
            <EtimsDocuments />
          </TabsContent>
          <TabsContent value="items">
            <EtimsItems />
          </TabsContent>
        </Tabs>
      ) : (
        <RoleRefusal what={t`the eTIMS documents`} />
      )}
    </div>
  );
}
