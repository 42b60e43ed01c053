import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useLanguage } from '../i18n/language-provider';
import { PRODUCT_NAME, useDocumentTitle } from '../lib/use-document-title';

export const LEGAL_LAST_UPDATED = { iso: '2026-11-21' };
export const PRIVACY_EMAIL = 'privacy@dukani.co.ke';
export const SUPPORT_EMAIL = 'support@dukani.co.ke';

/** "21 November 2026" (en-KE), "21 Novemba 2026" (sw-KE): a calendar day, so read in UTC. */
function lastUpdatedLabel(intlLocale: string): string {
  return new Intl.DateTimeFormat(intlLocale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${LEGAL_LAST_UPDATED.iso}T00:00:00Z`),
  );
}

/** Shared typography for the privacy policy and the terms. */
export function LegalDocument({ title, children }: { title: string; children: ReactNode }) {
  const { intlLocale } = useLanguage();
  const lastUpdated = lastUpdatedLabel(intlLocale);
  useDocumentTitle(`${title} · ${PRODUCT_NAME}`);
  return (
    <article className="flex flex-col gap-8 text-[0.95rem] leading-7">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-foreground">
          <Trans>
            Last updated <time dateTime={LEGAL_LAST_UPDATED.iso}>{lastUpdated}</time>
          </Trans>
        </p>
        {/* The translation is a courtesy; the English text is the agreement. */}
        <p data-testid="legal-language-notice" className="rounded-lg border bg-muted/40 px-3 py-2 text-sm text-muted-foreground">
          <Trans>
            This document is published in English and Kiswahili. If the two versions differ, the English version
            governs.
          </Trans>
        </p>
      </header>
      {children}
    </article>
  );
}

export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc">
      <h2 id={id} className="scroll-mt-20 text-xl font-semibold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function MailLink({ address }: { address: string }) {
  return <a href={`mailto:${address}`}>{address}</a>;
}
