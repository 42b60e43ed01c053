import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GlobeIcon, RefreshCwIcon, Trash2Icon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { isUnderPlatformDomain, UNDER_PLATFORM_DOMAIN_MESSAGE } from '../../core/platform/domains.rules';
import { addDomainSchema, tenantDomainSchema, tenantDomainsSchema, type DomainCheckError, type TenantDomain } from '../../core/platform/domains.schemas';
import type { PlatformTenant } from '../../core/platform/platform.schemas';
import { FormField, fieldControlProps } from '../components/form-field';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { apiRequest } from '../lib/api-client';
import { useDateFormat } from '../lib/date-format';
import { failureMessage } from '../lib/form-errors';
import { toast } from '../lib/toast';

// The shop page's addresses and custom domains (issue 21, docs/platform.md "Custom domains"):
// add a domain, show the DNS records to create, verify it now, remove it.

const PLATFORM = ['platform'] as const;
const domainsKey = (tenantId: string) => [...PLATFORM, 'tenant', tenantId, 'domains'] as const;

const CHECK_ERROR_LABELS: Record<DomainCheckError, MessageDescriptor> = {
  no_record: msg`No TXT record was found at this name. Create it, then verify again (DNS changes can take a while to appear).`,
  wrong_value: msg`A TXT record exists at this name, but none holds the value above. Check it was copied exactly.`,
  timeout: msg`The DNS server did not answer in time. Try again in a moment.`,
  dns_error: msg`The DNS lookup failed. Try again in a moment.`,
};

function useDomainMutation<Input, Output>(run: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  // The shop's page lists the platform history too: read every platform page again.
  return useMutation({ mutationFn: run, onSettled: () => client.invalidateQueries({ queryKey: PLATFORM }) });
}

/** The shop's addresses under the platform's domains and its custom domains, with their management. */
export function TenantDomainsCard({ shop }: { shop: PlatformTenant }) {
  const { t } = useLingui();
  const domains = useQuery({
    queryKey: domainsKey(shop.id),
    queryFn: () => apiRequest(`/api/platform/tenants/${shop.id}/domains`, { schema: tenantDomainsSchema }),
  });
  return (
    <section aria-label={t`Addresses and domains`} data-testid="tenant-domains" className="grid content-start gap-3 rounded-xl border bg-card p-4">
      <h2 className="font-semibold">{t`Addresses and domains`}</h2>
      <ul className="grid gap-1 text-sm">
        {shop.addresses.map((address) => (
          <li key={address} className="break-all">
            {address}
          </li>
        ))}
      </ul>
      {domains.isPending ? (
        <p className="text-sm text-muted-foreground">
          <Trans>Loading the domains…</Trans>
        </p>
      ) : domains.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {failureMessage(domains.error, t`The domains could not be loaded`)}
        </p>
      ) : (
        <>
          <ul className="grid gap-3" aria-label={t`Domains`}>
            {/* A shop signed up by itself has a record of its first address too: listed above already. */}
            {domains.data.domains
              .filter((domain) => domain.isCustomDomain || !shop.addresses.includes(domain.domain))
              .map((domain) => (
                <DomainItem key={domain.id} tenantId={shop.id} domain={domain} cnameTarget={domains.data.cnameTarget} />
              ))}
          </ul>
          <AddDomainForm tenantId={shop.id} rootDomains={domains.data.rootDomains} />
        </>
      )}
    </section>
  );
}

function DomainItem({ tenantId, domain, cnameTarget }: { tenantId: string; domain: TenantDomain; cnameTarget: string }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { formatDateTime } = useDateFormat();
  const verify = useDomainMutation(() =>
    apiRequest(`/api/platform/tenants/${tenantId}/domains/${domain.id}/verify`, { method: 'POST', schema: tenantDomainSchema }),
  );
  const remove = useDomainMutation(() =>
    apiRequest(`/api/platform/tenants/${tenantId}/domains/${domain.id}`, { method: 'DELETE', schema: tenantDomainsSchema }),
  );
  const failed = (error: unknown) => toast.error(failureMessage(error, t`The change was not saved`));
  const runVerify = () =>
    verify.mutate(undefined, {
      onSuccess: (checked) => (checked.verifiedAt ? toast.success(t`${domain.domain} is verified`) : toast.error(t`${domain.domain} is not verified yet`)),
      onError: failed,
    });
  const runRemove = () => {
    if (window.confirm(t`Remove ${domain.domain}? It will no longer reach this shop.`)) {
      remove.mutate(undefined, { onSuccess: () => toast.success(t`Domain removed`), onError: failed });
    }
  };
  if (!domain.isCustomDomain) {
    return (
      <li className="flex flex-wrap items-center gap-2 text-sm break-all" data-domain={domain.domain}>
        {domain.domain} <Badge variant="secondary">{t`Platform address`}</Badge>
      </li>
    );
  }
  return (
    <li className="grid gap-2 rounded-lg border p-3 text-sm" data-domain={domain.domain}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="flex min-w-0 flex-wrap items-center gap-2 font-medium break-all">
          <GlobeIcon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          {domain.domain}
          {domain.verifiedAt ? (
            <Badge variant="success" data-testid="domain-status">{t`Verified`}</Badge>
          ) : (
            <Badge variant="outline" data-testid="domain-status">{t`Not verified`}</Badge>
          )}
        </span>
        <span className="flex flex-wrap gap-2">
          {!domain.verifiedAt && domain.verification && (
            <Button size="sm" variant="outline" onClick={runVerify} disabled={verify.isPending} data-testid="verify-domain">
              <RefreshCwIcon aria-hidden className={verify.isPending ? 'animate-spin' : undefined} /> <Trans>Verify now</Trans>
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={runRemove} disabled={remove.isPending} data-testid="remove-domain">
            <Trash2Icon aria-hidden /> <Trans>Remove</Trans>
          </Button>
        </span>
      </div>
      {domain.verifiedAt ? (
        <p className="text-muted-foreground">
          <Trans>Verified {formatDateTime(domain.verifiedAt)}: the shop answers at this address.</Trans>
        </p>
      ) : (
        domain.verification && (
          <>
            <p className="text-muted-foreground">
              <Trans>At the domain's DNS host, create these records, then verify:</Trans>
            </p>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 rounded-md bg-muted/50 p-2 font-mono text-xs" data-testid="dns-records">
              <dt className="text-muted-foreground">TXT</dt>
              <dd className="break-all">
                <span data-testid="txt-name">{domain.verification.name}</span> → <span data-testid="txt-value">{domain.verification.value}</span>
              </dd>
              <dt className="text-muted-foreground">CNAME</dt>
              <dd className="break-all">
                {domain.domain} → {cnameTarget}
              </dd>
            </dl>
            {domain.lastCheckedAt && (
              <p role="status" className={domain.lastCheckError ? 'text-destructive' : 'text-muted-foreground'} data-testid="domain-check">
                <Trans>Checked {formatDateTime(domain.lastCheckedAt)}.</Trans> {domain.lastCheckError && i18n._(CHECK_ERROR_LABELS[domain.lastCheckError])}
              </p>
            )}
          </>
        )
      )}
    </li>
  );
}

function AddDomainForm({ tenantId, rootDomains }: { tenantId: string; rootDomains: string[] }) {
  const { t } = useLingui();
  const [domain, setDomain] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();
  const add = useDomainMutation((input: { domain: string }) =>
    apiRequest(`/api/platform/tenants/${tenantId}/domains`, { method: 'POST', body: input, schema: tenantDomainsSchema }),
  );
  const fieldError = invalid ?? (add.error ? failureMessage(add.error, t`The domain was not added`, 'domain') : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.reset();
    const parsed = addDomainSchema.safeParse({ domain });
    // Messages in the shared rules' English: FormField shows them in the language on screen.
    const problem = parsed.success
      ? isUnderPlatformDomain(parsed.data.domain, rootDomains)
        ? UNDER_PLATFORM_DOMAIN_MESSAGE
        : undefined
      : parsed.error.issues[0]?.message;
    setInvalid(problem);
    if (problem || !parsed.success) return;
    add.mutate(parsed.data, {
      onSuccess: () => {
        setDomain('');
        toast.success(t`Domain added: create its DNS records, then verify it`);
      },
    });
  };
  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={submit} noValidate>
      <div className="min-w-0 flex-1 basis-56">
        <FormField id="custom-domain" label={<Trans>Add a custom domain</Trans>} error={fieldError}>
          <Input
            value={domain}
            placeholder="shop.example.co.ke"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            onChange={(event) => setDomain(event.target.value)}
            {...fieldControlProps('custom-domain', { error: fieldError })}
          />
        </FormField>
      </div>
      <Button type="submit" disabled={add.isPending}>
        <Trans>Add domain</Trans>
      </Button>
    </form>
  );
}
