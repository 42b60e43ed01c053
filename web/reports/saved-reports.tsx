import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { BookmarkIcon, PencilIcon, PinIcon, PinOffIcon, Trash2Icon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { upgradeMessage } from '../../core/billing/plan-features.rules';
import { reportDefinition, type ReportKey } from '../../core/reports/report-catalog';
import { savedReportInputSchema, savedReportPatchSchema, type SavedReport, type SavedReportParams } from '../../core/reports/reports.schemas';
import { DialogActions } from '../components/form-actions';
import { FormField, fieldControlProps } from '../components/form-field';
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle } from '../components/ui/alert-dialog';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { InlineSpinner } from '../components/ui/spinner';
import { translateMessage } from '../i18n/translate-message';
import { LoadError, useFeature } from '../inventory/inventory-ui';
import { failureMessage, type FieldErrors } from '../lib/form-errors';
import { sendIfValid, serverFieldErrors } from '../lib/form-submit';
import { toast } from '../lib/toast';
import { UpgradeBadge } from '../products/upgrade-badge';
import { createSavedReportRequest, deleteSavedReportRequest, patchSavedReportRequest, useRefreshSaved, useSavedReports } from './reports.api';

// Saved reports (custom_reports): a report and its choices under a name, opened again from the list
// (/admin/reports?saved=<id>, where the dashboard links), renamed, deleted, or pinned to the
// dashboard (dashboards). Without the feature the Save button is locked beside the upgrade badge.

export const savedReportPath = (id: string) => `/admin/reports?saved=${encodeURIComponent(id)}`;

/** "Save": names the report on screen with its choices and stores it. */
export function SaveReportButton({ report, params, disabled }: { report: ReportKey; params: SavedReportParams; disabled: boolean }) {
  const feature = useFeature('custom_reports');
  const [open, setOpen] = useState(false);
  if (feature.isEnabled === false) {
    return (
      <span className="inline-flex items-center gap-2 print:hidden" data-locked="">
        <Button variant="outline" disabled>
          <BookmarkIcon aria-hidden />
          <Trans>Save report</Trans>
        </Button>
        <UpgradeBadge badge={feature.badge} message={upgradeMessage('custom_reports')} />
      </span>
    );
  }
  return (
    <>
      <Button variant="outline" className="print:hidden" disabled={disabled || feature.isEnabled === undefined} onClick={() => setOpen(true)}>
        <BookmarkIcon aria-hidden />
        <Trans>Save report</Trans>
      </Button>
      {open && <SaveDialog report={report} params={params} onClose={() => setOpen(false)} />}
    </>
  );
}

function SaveDialog({ report, params, onClose }: { report: ReportKey; params: SavedReportParams; onClose: () => void }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const refresh = useRefreshSaved();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [name, setName] = useState(() => translateMessage(reportDefinition(report).title, i18n));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useMutation({
    mutationKey: ['reports', 'save'],
    mutationFn: (body: { name: string; reportKey: ReportKey; params: SavedReportParams; isPinned: boolean }) => createSavedReportRequest(body, idempotencyKey),
    onSuccess: async (saved) => {
      await refresh();
      toast.success(t`${saved.name} saved`);
      onClose();
    },
    onError: (failure) => {
      const fromServer = serverFieldErrors(failure);
      if (fromServer) setErrors({ name: fromServer.name ?? fromServer.params ?? failureMessage(failure, t`Try again.`) });
      else setErrors({ name: failureMessage(failure, t`The report was not saved. Try again.`) });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    sendIfValid(savedReportInputSchema, { name: name.trim(), reportKey: report, params, isPinned: false }, setErrors, save.mutate);
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <form noValidate className="grid gap-4" onSubmit={submit}>
          <DialogHeader>
            <DialogTitle>{t`Save this report`}</DialogTitle>
            <DialogDescription>
              <Trans>The report keeps its period, location, filters, order and columns, and opens from the saved reports.</Trans>
            </DialogDescription>
          </DialogHeader>
          <FormField id="saved-report-name" label={t`Name`} error={errors.name}>
            <Input {...fieldControlProps('saved-report-name', { error: errors.name })} autoFocus maxLength={80} autoComplete="off" value={name} onChange={(event) => setName(event.target.value)} />
          </FormField>
          <DialogActions onCancel={onClose} pending={save.isPending}>
            <Trans>Save</Trans>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The saved reports: open, rename, delete, pin to the dashboard. */
export function SavedReportsPanel({ openedId }: { openedId: string | undefined }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const feature = useFeature('custom_reports');
  const dashboards = useFeature('dashboards');
  const saved = useSavedReports({ enabled: feature.isEnabled === true });
  const refresh = useRefreshSaved();
  const [renaming, setRenaming] = useState<SavedReport | null>(null);
  const [deleting, setDeleting] = useState<SavedReport | null>(null);
  const pin = useMutation({
    mutationKey: ['reports', 'pin'],
    mutationFn: (item: SavedReport) => patchSavedReportRequest(item.id, { isPinned: !item.isPinned }),
    onSuccess: async (item) => {
      await refresh();
      toast.success(item.isPinned ? t`${item.name} is on the dashboard` : t`${item.name} is off the dashboard`);
    },
    onError: (failure) => toast.error(t`The report was not changed`, { description: failureMessage(failure, t`Try again.`) }),
  });

  return (
    <section aria-labelledby="saved-reports-title" className="grid min-w-0 content-start gap-3 rounded-xl border bg-card p-4 print:hidden">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="saved-reports-title" className="font-semibold">
          <Trans>Saved reports</Trans>
        </h2>
        {feature.isEnabled === false && <UpgradeBadge badge={feature.badge} message={upgradeMessage('custom_reports')} />}
      </div>
      {feature.isEnabled === false ? (
        <p className="text-sm text-muted-foreground">{translateMessage(upgradeMessage('custom_reports'), i18n)}</p>
      ) : saved.isPending ? (
        <p className="text-sm text-muted-foreground">{feature.isEnabled === undefined ? '' : t`Loading saved reports…`}</p>
      ) : saved.isError ? (
        <LoadError error={saved.error} what={t`the saved reports`} onRetry={() => void saved.refetch()} />
      ) : saved.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>None yet: choose a report and its filters, then Save report.</Trans>
        </p>
      ) : (
        <ul className="grid gap-2">
          {saved.data.map((item) => {
            const name = item.name;
            return (
              <li key={item.id} className="grid gap-1 rounded-lg border p-2" aria-current={item.id === openedId ? 'true' : undefined}>
                <Link to={savedReportPath(item.id)} className="font-medium break-words text-primary underline-offset-4 hover:underline">
                  {name}
                </Link>
                <span className="text-xs text-muted-foreground">{translateMessage(reportDefinition(item.reportKey).title, i18n)}</span>
                <div className="flex flex-wrap items-center gap-1">
                  {dashboards.isEnabled === false ? (
                    <span className="inline-flex items-center gap-1" data-locked="">
                      <Button variant="ghost" size="sm" disabled>
                        <PinIcon aria-hidden />
                        <Trans>Pin to dashboard</Trans>
                      </Button>
                      <UpgradeBadge badge={dashboards.badge} message={upgradeMessage('dashboards')} />
                    </span>
                  ) : (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-pressed={item.isPinned}
                      aria-label={item.isPinned ? t`Unpin ${name} from the dashboard` : t`Pin ${name} to the dashboard`}
                      disabled={pin.isPending || dashboards.isEnabled === undefined}
                      onClick={() => pin.mutate(item)}
                    >
                      {item.isPinned ? <PinOffIcon aria-hidden /> : <PinIcon aria-hidden />}
                      {item.isPinned ? <Trans>Unpin</Trans> : <Trans>Pin to dashboard</Trans>}
                    </Button>
                  )}
                  <Button variant="ghost" size="sm" aria-label={t`Rename ${name}`} onClick={() => setRenaming(item)}>
                    <PencilIcon aria-hidden />
                    <Trans>Rename</Trans>
                  </Button>
                  <Button variant="ghost" size="sm" aria-label={t`Delete ${name}`} onClick={() => setDeleting(item)}>
                    <Trash2Icon aria-hidden />
                    <Trans>Delete</Trans>
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {renaming && <RenameDialog item={renaming} onClose={() => setRenaming(null)} />}
      {deleting && <DeleteDialog item={deleting} onClose={() => setDeleting(null)} />}
    </section>
  );
}

function RenameDialog({ item, onClose }: { item: SavedReport; onClose: () => void }) {
  const { t } = useLingui();
  const refresh = useRefreshSaved();
  const [name, setName] = useState(item.name);
  const [errors, setErrors] = useState<FieldErrors>({});
  const rename = useMutation({
    mutationKey: ['reports', 'rename'],
    mutationFn: (body: { name: string }) => patchSavedReportRequest(item.id, body),
    onSuccess: async (saved) => {
      await refresh();
      toast.success(t`${saved.name} saved`);
      onClose();
    },
    onError: (failure) => setErrors({ name: serverFieldErrors(failure)?.name ?? failureMessage(failure, t`The report was not renamed. Try again.`) }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    sendIfValid(savedReportPatchSchema, { name: name.trim() }, setErrors, rename.mutate);
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <form noValidate className="grid gap-4" onSubmit={submit}>
          <DialogHeader>
            <DialogTitle>{t`Rename ${item.name}`}</DialogTitle>
            <DialogDescription>
              <Trans>The name shows in the saved reports and on the dashboard.</Trans>
            </DialogDescription>
          </DialogHeader>
          <FormField id="saved-report-rename" label={t`Name`} error={errors.name}>
            <Input {...fieldControlProps('saved-report-rename', { error: errors.name })} autoFocus maxLength={80} autoComplete="off" value={name} onChange={(event) => setName(event.target.value)} />
          </FormField>
          <DialogActions onCancel={onClose} pending={rename.isPending}>
            <Trans>Rename</Trans>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteDialog({ item, onClose }: { item: SavedReport; onClose: () => void }) {
  const { t } = useLingui();
  const refresh = useRefreshSaved();
  const remove = useMutation({
    mutationKey: ['reports', 'delete'],
    mutationFn: () => deleteSavedReportRequest(item.id),
    onSuccess: async () => {
      await refresh();
      toast.success(t`${item.name} deleted`);
      onClose();
    },
    onError: (failure) => toast.error(t`The report was not deleted`, { description: failureMessage(failure, t`Try again.`) }),
  });
  return (
    <AlertDialog open onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t`Delete ${item.name}?`}</AlertDialogTitle>
          <AlertDialogDescription>
            <Trans>The saved choices go, and the dashboard no longer shows it. The report itself stays.</Trans>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>
            <Trans>Go back</Trans>
          </AlertDialogCancel>
          <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {remove.isPending && <InlineSpinner />}
            <Trans>Delete saved report</Trans>
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
