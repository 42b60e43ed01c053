import type { MessageDescriptor } from '@lingui/core';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronLeftIcon, ChevronRightIcon, LockIcon, RotateCwIcon, TriangleAlertIcon, type LucideIcon } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigation, useSearchParams } from 'react-router';
import { upgradeMessage, type FeatureKey } from '../../core/billing/plan-features.rules';
import { formatQuantity } from '../../core/products/quantity.rules';
import { useSignedInUser } from '../auth/auth-provider';
import { mayDo } from '../auth/may-do';
import { useEntitlements } from '../billing/billing.api';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Label } from '../components/ui/label';
import { NativeSelect } from '../components/ui/native-select';
import { Skeleton } from '../components/ui/skeleton';
import { translateMessage } from '../i18n/translate-message';
import { isApiError } from '../lib/api-client';
import { useLanguage } from '../i18n/language-provider';
import { cn } from '../lib/cn';
import { useLocations } from '../products/products.api';

export const BILLING_PATH = '/admin/settings?tab=billing';

/** What the signed-in person may change, by the permissions the server checks. */
export function useStockPermissions() {
  const user = useSignedInUser();
  return { canEditStock: mayDo(user, 'inventory.manage'), canManageLocations: mayDo(user, 'settings.manage') };
}

/** Whether the plan includes a feature (undefined while the entitlements load) and the badge to show. */
export function useFeature(feature: FeatureKey) {
  const entitlements = useEntitlements();
  return {
    isEnabled: entitlements.data ? Boolean(entitlements.data.entitlements.features[feature]) : undefined,
    // The plan's name, as the badge says it in every language.
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a plan name, not translated
    badge: entitlements.data?.upgradeBadge ?? 'Pro',
  };
}

/** The value once it has stopped changing for `delayMs` (search as you type without a request per key). */
export function useDebouncedValue<Value>(value: Value, delayMs = 250): Value {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * A search box whose settled text goes into the address (`?q=`), so Back and a shared link show the
 * same list. The write waits while the router loads another page: made then, it would replace the
 * navigation just started (a result clicked before the search settled led back to the list).
 */
export function useSearchInAddress(inAddress: string | undefined, write: (search: string | undefined) => void) {
  const [search, setSearch] = useState(inAddress ?? '');
  const settled = useDebouncedValue(search.trim());
  const routerIdle = useNavigation().state === 'idle';
  useEffect(() => {
    if (routerIdle && settled !== (inAddress ?? '')) write(settled || undefined);
  }, [routerIdle, settled, inAddress, write]);
  return [search, setSearch] as const;
}

export function PageHeader({ title, titleId, description, actions }: { title: ReactNode; titleId?: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div className="grid min-w-0 gap-1">
        <h2 id={titleId} className="text-xl font-semibold">
          {title}
        </h2>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/**
 * What a person sees where their role stops: no request is made for what the server would refuse.
 * `what` is translated by the caller ("stock records and documents").
 */
export function RoleRefusal({ what }: { what: string }) {
  return (
    <div role="alert" className="flex items-center gap-2 rounded-xl border bg-card p-4 text-sm sm:p-6">
      <LockIcon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
      <Trans>Your role does not include {what}. Ask a manager or the shop owner.</Trans>
    </div>
  );
}

/**
 * A failed load, shown where the content would be, with a way to try again (not when the role forbids it).
 * `what` is translated by the caller ("the transfer").
 */
export function LoadError({ error, what, onRetry }: { error: unknown; what: string; onRetry: () => void }) {
  const { t } = useLingui();
  if (isApiError(error) && error.status === 403) return <RoleRefusal what={what} />;
  const detail = isApiError(error) && error.status !== 0 && error.code !== 'invalid_response' ? translateMessage(error.message) : t`Check the connection and try again.`;
  return (
    <div role="alert" className="grid justify-items-start gap-3 rounded-xl border border-destructive/40 bg-card p-4 sm:p-6">
      <p className="flex items-center gap-2 font-medium text-destructive">
        <TriangleAlertIcon aria-hidden className="size-4" />
        <Trans>Could not load {what}.</Trans>
      </p>
      <p className="text-sm text-muted-foreground">{detail}</p>
      <Button variant="outline" onClick={onRetry}>
        <RotateCwIcon aria-hidden />
        <Trans>Retry</Trans>
      </Button>
    </div>
  );
}

export function EmptyState({ icon: Icon, title, children, action }: { icon: LucideIcon; title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <section className="grid justify-items-center gap-3 rounded-xl border border-dashed bg-muted/30 p-6 text-center sm:p-10">
      <Icon aria-hidden className="size-8 text-muted-foreground" />
      <h2 className="font-semibold">{title}</h2>
      {children && <p className="max-w-md text-sm text-muted-foreground">{children}</p>}
      {action}
    </section>
  );
}

/** Grey rows in the shape of the table that is loading. */
export function TableSkeleton({ columns, rows = 5, label }: { columns: number; rows?: number; label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-3 rounded-xl border bg-card p-4">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, row) => (
        <div key={row} className="grid gap-4" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
          {Array.from({ length: columns }, (_, column) => (
            <Skeleton key={column} className="h-5" />
          ))}
        </div>
      ))}
    </div>
  );
}

export function DetailSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-4">
      <span className="sr-only">{label}</span>
      <Skeleton className="h-8 w-64 max-w-full" />
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-48 w-full" />
    </div>
  );
}

/**
 * Page controls. A capped total (a list that stopped counting, e.g. "over 10,000" products) keeps
 * Next open while pages are full; the last, partly filled page tells the exact total.
 */
export function Pagination({
  page,
  pageSize,
  total,
  totalCapped = false,
  onPageChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  totalCapped?: boolean;
  onPageChange: (page: number) => void;
}) {
  const { t } = useLingui();
  const { intlLocale } = useLanguage();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize && page === 1 && !totalCapped) return null;
  const first = (page - 1) * pageSize + 1;
  const last = totalCapped ? page * pageSize : Math.min(total, page * pageSize);
  const number = (value: number) => value.toLocaleString(intlLocale);
  const [from, to, of] = [number(first), number(last), number(total)];
  const pageNumber = number(page);
  const pageTotal = number(pageCount);
  return (
    <nav aria-label={t`Pages`} className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <p className="text-muted-foreground">{totalCapped ? <Trans>{from}–{to} of over {of}</Trans> : <Trans>{from}–{to} of {of}</Trans>}</p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
          <ChevronLeftIcon aria-hidden />
          <Trans>Previous page</Trans>
        </Button>
        <span aria-current="page">{totalCapped ? t`Page ${pageNumber}` : t`Page ${pageNumber} of ${pageTotal}`}</span>
        <Button variant="outline" size="sm" onClick={() => onPageChange(page + 1)} disabled={!totalCapped && page >= pageCount}>
          <Trans>Next page</Trans>
          <ChevronRightIcon aria-hidden />
        </Button>
      </div>
    </nav>
  );
}

/**
 * A list's filters, sort and page kept in the address, so Back and a shared link show the same
 * list: the current values and `change`, which sets or clears several at once (replacing the
 * entry, not adding one). Any change but the page's starts from the first page.
 */
export function useAddressParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const change = (changes: Record<string, string | undefined>) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return [searchParams, change] as const;
}

/** Named filters and the page kept in the address (useAddressParams). */
export function useListParams<Name extends string>(names: readonly Name[]) {
  const [searchParams, change] = useAddressParams();
  const values = Object.fromEntries(names.map((name) => [name, searchParams.get(name) ?? undefined])) as Record<Name, string | undefined>;
  const page = Math.max(1, Math.trunc(Number(searchParams.get('page'))) || 1);
  return {
    values,
    page,
    setFilter: (name: Name, value: string | undefined) => change({ [name]: value }),
    setPage: (next: number) => change({ page: next > 1 ? String(next) : undefined }),
  };
}

/** A labelled select of the shop's locations; "" means every location (or none chosen). */
export function LocationSelect({
  id,
  value,
  onChange,
  allLabel,
  includeInactive = false,
  exclude,
  ...aria
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  allLabel: string;
  includeInactive?: boolean;
  exclude?: string | undefined;
  'aria-invalid'?: boolean | undefined;
  'aria-describedby'?: string | undefined;
  'aria-label'?: string | undefined;
}) {
  const { t } = useLingui();
  const locations = useLocations();
  const options = (locations.data ?? []).filter((location) => (includeInactive || location.isActive) && location.id !== exclude);
  return (
    <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)} disabled={locations.isPending} {...aria}>
      <option value="">{locations.isPending ? t`Loading locations…` : allLabel}</option>
      {options.map(({ id: locationId, name, isActive }) => (
        <option key={locationId} value={locationId}>
          {isActive ? name : t`${name} (inactive)`}
        </option>
      ))}
    </NativeSelect>
  );
}

/** A list's labelled filter: "" (`allLabel`) and one option per value, named by `labels` (translated here). */
export function FilterSelect<Value extends string>({
  id,
  label,
  value,
  onChange,
  allLabel,
  options,
  labels,
}: {
  id: string;
  label: string;
  value: Value | undefined;
  onChange: (value: string) => void;
  allLabel: string;
  options: readonly Value[];
  labels: Record<Value, MessageDescriptor>;
}) {
  const { i18n } = useLinguiRuntime();
  return (
    <div className="grid gap-2 sm:w-56">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value ?? ''} onChange={(event) => onChange(event.target.value)}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {i18n._(labels[option])}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** "+2", "−1.5": a change of stock with its sign, green for in and red for out. */
export function SignedQuantity({ milli, className }: { milli: number; className?: string }) {
  const text = milli > 0 ? `+${formatQuantity(milli)}` : milli < 0 ? `−${formatQuantity(-milli)}` : '0';
  return (
    <span className={cn('font-medium tabular-nums', milli > 0 && 'text-emerald-700 dark:text-emerald-400', milli < 0 && 'text-destructive', className)}>
      {text}
    </span>
  );
}

/** The screen of a feature the plan lacks: what it does, the badge and the way to upgrade. */
export function LockedFeature({ feature, title, badge }: { feature: FeatureKey; title: string; badge: string }) {
  return (
    <section data-locked="" aria-labelledby="locked-feature" className="grid justify-items-start gap-3 rounded-xl border bg-card p-4 sm:p-6">
      <div className="flex flex-wrap items-center gap-2">
        <LockIcon aria-hidden className="size-4 text-muted-foreground" />
        <h2 id="locked-feature" className="font-semibold">
          {title}
        </h2>
        <Badge variant="accent">{badge}</Badge>
      </div>
      <p className="text-sm text-muted-foreground">{translateMessage(upgradeMessage(feature))}</p>
      <Button asChild>
        <Link to={BILLING_PATH}>
          <Trans>See plans</Trans>
        </Link>
      </Button>
    </section>
  );
}
