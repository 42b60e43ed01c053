import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { SearchIcon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { contactMergeResultSchema, type Contact } from '../../core/contacts/contacts.schemas';
import { formatPhoneNumber } from '../../core/i18n/phone.rules';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Label } from '../components/ui/label';
import { InlineSpinner } from '../components/ui/spinner';
import { translateMessage } from '../i18n/translate-message';
import { useDebouncedValue } from '../inventory/inventory-ui';
import { apiRequest, isApiError } from '../lib/api-client';
import { toast } from '../lib/toast';
import { IconInput } from '../products/icon-input';
import { useContactList, useDuplicates, useRefreshContacts } from './contacts.api';

/**
 * Merge this contact (a duplicate) into another: pick the one to keep, then confirm. Its account,
 * points and gift cards move there and this one is archived.
 */
export function ContactMergeDialog({ contact, open, onClose }: { contact: Contact; open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const refresh = useRefreshContacts();
  const [search, setSearch] = useState('');
  const [targetId, setTargetId] = useState<string | null>(null);
  const settled = useDebouncedValue(search.trim());
  const suggestions = useDuplicates(contact.phone ?? '', contact.email ?? '', contact.id);
  const found = useContactList({ q: settled || undefined, pageSize: 10, archived: 'active' });
  const candidates = settled
    ? (found.data?.items ?? []).filter((item) => item.id !== contact.id).map(({ id, name, phone, email }) => ({ id, name, phone, email }))
    : (suggestions.data ?? []).filter((item) => !item.isArchived);
  const target = candidates.find((candidate) => candidate.id === targetId) ?? null;
  const sourceName = contact.name;
  const targetName = target?.name ?? '';

  const merge = useMutation({
    mutationKey: ['contacts', 'merge'],
    mutationFn: (intoContactId: string) =>
      apiRequest(`/api/contacts/${encodeURIComponent(contact.id)}/merge`, { method: 'POST', body: { intoContactId }, schema: contactMergeResultSchema }),
    onSuccess: async (result) => {
      await refresh();
      toast.success(t`${sourceName} merged into ${targetName}`);
      onClose();
      void navigate(`/admin/customers/${result.targetContactId}`);
    },
    onError: (error) => toast.error(t`Error`, { description: isApiError(error) ? translateMessage(error.message) : t`The contacts were not merged.` }),
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <Trans>Merge {sourceName} into another contact</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>
              Its account entries, open charges, loyalty points and gift cards move to the contact you keep, empty details are filled from it, and {sourceName} is
              archived. This cannot be undone.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="merge-search">
            <Trans>Contact to keep</Trans>
          </Label>
          <IconInput
            id="merge-search"
            icon={SearchIcon}
            type="search"
            value={search}
            autoComplete="off"
            placeholder={t`Name, phone or e-mail`}
            onChange={(event) => {
              setSearch(event.target.value);
              setTargetId(null);
            }}
          />
          {!settled && candidates.length > 0 && (
            <p className="text-xs text-muted-foreground">
              <Trans>Same phone or e-mail:</Trans>
            </p>
          )}
          <ul aria-label={t`Contacts to merge into`} className="grid max-h-60 gap-1 overflow-y-auto">
            {candidates.map((candidate) => (
              <li key={candidate.id}>
                <label className="flex cursor-pointer items-center gap-3 rounded-md border p-2 text-sm has-checked:border-primary has-checked:bg-primary/5">
                  <input type="radio" name="merge-target" value={candidate.id} checked={targetId === candidate.id} onChange={() => setTargetId(candidate.id)} />
                  <span className="grid">
                    <span className="font-medium">{candidate.name}</span>
                    <span className="text-xs text-muted-foreground">
                      {[candidate.phone && formatPhoneNumber(candidate.phone), candidate.email].filter(Boolean).join(' · ')}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {settled && found.data && candidates.length === 0 && (
            <p className="text-sm text-muted-foreground">
              <Trans>No other contact matches.</Trans>
            </p>
          )}
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="button" variant="destructive" disabled={!target || merge.isPending} onClick={() => target && merge.mutate(target.id)}>
            {merge.isPending && <InlineSpinner />}
            {target ? t`Merge into ${targetName}` : t`Merge`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
