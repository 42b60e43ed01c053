import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { ConstructionIcon } from 'lucide-react';
import { useDocumentTitle } from '../lib/use-document-title';

/** What each business area will hold; the areas arrive in later releases. */
export const AREA_PAGES = {
  communications: { title: msg`Communications`, text: msg`Communications arrive in a coming release: SMS, WhatsApp and e-mail messages to customers.` },
} as const;

export type AreaKey = keyof typeof AREA_PAGES;

/** An honest empty state for an area that is not built yet. */
export function AreaPage({ area }: { area: AreaKey }) {
  const { i18n } = useLingui();
  const title = i18n._(AREA_PAGES[area].title);
  const text = i18n._(AREA_PAGES[area].text);
  useDocumentTitle(title);
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-semibold sm:text-3xl">{title}</h1>
      <section className="flex gap-3 rounded-xl border border-dashed bg-muted/40 p-4 text-sm sm:p-6">
        <ConstructionIcon aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <p className="text-muted-foreground">{text}</p>
      </section>
    </div>
  );
}
