import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/use-document-title';

export const LEGAL_LAST_UPDATED = { iso: '2026-11-21', label: '21 November 2026' };
export const PRIVACY_EMAIL = 'privacy@dukani.co.ke';
export const SUPPORT_EMAIL = 'support@dukani.co.ke';

/** Shared typography for the privacy policy and the terms. */
export function LegalDocument({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(`${title} · Dukani`);
  return (
    <article className="flex flex-col gap-8 text-[0.95rem] leading-7">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-foreground">
          Last updated <time dateTime={LEGAL_LAST_UPDATED.iso}>{LEGAL_LAST_UPDATED.label}</time>
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
