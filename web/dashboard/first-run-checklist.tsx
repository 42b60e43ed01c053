import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2Icon, CircleIcon, MailIcon, XIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { FirstRunStep } from '../../core/tenancy/signup.rules';
import { firstRunChecklistSchema } from '../../core/tenancy/signup.schemas';
import { useSignedInUser } from '../auth/auth-provider';
import { Button } from '../components/ui/button';
import { apiRequest } from '../lib/api-client';
import { cn } from '../lib/cn';
import { toast } from '../lib/toast';
import { failureMessage } from '../lib/form-errors';

const CHECKLIST = ['first-run-checklist'] as const;

/** Each step's words and the real pages that do it. */
const STEPS: Record<FirstRunStep, { title: MessageDescriptor; detail: MessageDescriptor; links: { label: MessageDescriptor; to: string }[] }> = {
  products: {
    title: msg`Add your products`,
    detail: msg`One by one, or many at once from a spreadsheet (CSV).`,
    links: [
      { label: msg`Add a product`, to: '/admin/products/new' },
      { label: msg`Import a CSV`, to: '/admin/products/import' },
    ],
  },
  receipt: {
    title: msg`Set your receipt details`,
    detail: msg`Your address, phone and a thank-you line on every receipt.`,
    links: [{ label: msg`Receipt details`, to: '/admin/settings?tab=business' }],
  },
  staff: {
    title: msg`Invite your staff`,
    detail: msg`Cashiers and managers get their own sign-in and only what their role allows.`,
    links: [{ label: msg`Invite staff`, to: '/admin/team' }],
  },
  mpesa: {
    title: msg`Connect M-Pesa`,
    detail: msg`Take M-Pesa at the till with your Daraja keys; payments match sales by themselves.`,
    links: [{ label: msg`M-Pesa settings`, to: '/admin/settings?tab=mpesa' }],
  },
};

/**
 * A new shop's first steps on its dashboard (issue 21, docs/signup.md), for whoever runs its
 * settings (the owner): each step done as the shop's own data shows it, until put away.
 */
export function FirstRunChecklist() {
  // The API's own permission for it, as the session lists the member's.
  return useSignedInUser().permissions.includes('settings.manage') ? <Checklist /> : null;
}

function Checklist() {
  const { t, i18n } = useLingui();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  // Asked again on each visit: the steps are done on other pages.
  const checklist = useQuery({
    queryKey: CHECKLIST,
    queryFn: () => apiRequest('/api/first-run-checklist', { schema: firstRunChecklistSchema }),
    refetchOnMount: 'always',
  });
  const dismiss = useMutation({
    mutationFn: () => apiRequest('/api/first-run-checklist/dismiss', { method: 'POST', schema: firstRunChecklistSchema }),
    onSuccess: (hidden) => queryClient.setQueryData(CHECKLIST, hidden),
    onError: (error) => toast.error(failureMessage(error, t`The list could not be hidden. Please try again.`)),
  });
  if (!checklist.data?.isVisible) return null;
  const steps = checklist.data.steps;
  const doneCount = steps.filter((step) => step.isDone).length;
  const total = steps.length;
  const email = user.email;

  return (
    <section aria-labelledby="first-run-title" className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <div className="flex items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="first-run-title" className="text-lg font-semibold">
            <Trans>Get your shop ready</Trans>
          </h2>
          <p className="text-sm text-muted-foreground">
            {doneCount === total ? t`All done. Your shop is ready to sell.` : t`${doneCount} of ${total} done`}
          </p>
        </div>
        <Button variant="ghost" size="sm" onClick={() => dismiss.mutate()} disabled={dismiss.isPending}>
          <XIcon aria-hidden />
          <Trans>Hide this list</Trans>
        </Button>
      </div>
      <ol className="grid gap-3">
        {steps.map(({ step, isDone }) => {
          const { title, detail, links } = STEPS[step];
          return (
            <li key={step} className={cn('flex items-start gap-3 rounded-lg border p-3', isDone && 'bg-muted/40')}>
              {isDone ? (
                <CheckCircle2Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
              ) : (
                <CircleIcon aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
              )}
              <div className="grid min-w-0 gap-1">
                <p className={cn('font-medium', isDone && 'text-muted-foreground line-through')}>
                  {i18n._(title)}
                  <span className="sr-only">{isDone ? t`(done)` : t`(to do)`}</span>
                </p>
                <p className="text-sm text-muted-foreground">{i18n._(detail)}</p>
                <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                  {links.map((link) => (
                    <Link key={link.to} to={link.to} className="font-medium text-primary underline-offset-4 hover:underline">
                      {i18n._(link.label)}
                    </Link>
                  ))}
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      {!user.emailVerified && (
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <MailIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            <Trans>
              We sent a verification code to {email}. Enter it under Security on{' '}
              <Link to="/profile" className="font-medium text-primary underline-offset-4 hover:underline">
                your profile
              </Link>
              .
            </Trans>
          </span>
        </p>
      )}
    </section>
  );
}
