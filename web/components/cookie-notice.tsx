import { Trans, useLingui } from '@lingui/react/macro';
import { CookieIcon, XIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../auth/auth-provider';
import { loadAreaCatalog } from '../i18n/catalogs';
import { browserLocalStorage } from '../lib/browser-storage';
import { cn } from '../lib/cn';
import { COOKIE_NOTICE_DELAY_MS, readCookieConsent, storeCookieConsent, type CookieConsent } from '../lib/cookie-consent';
import { forgetStoredTheme } from '../lib/theme';
import { ESSENTIAL_STORAGE, FUNCTIONAL_STORAGE, type BrowserStorageItem } from '../legal/browser-storage-inventory';
import { Button } from './ui/button';

/**
 * Spec §2/§9: shown 1 s after load until the visitor accepts or declines; closing counts as accepting.
 * It waits while the mandatory password dialog is open: that modal dialog makes the rest of the page
 * inert, so the notice could be seen but not answered.
 */
export function CookieNotice() {
  const { t } = useLingui();
  const { auth } = useAuth();
  const [isOpen, setIsOpen] = useState(false);
  const [showDetails, setShowDetails] = useState(false);
  // The storage lists' texts belong to the legal pages' catalog (web/legal), fetched on the first Details.
  const [areListsReady, setAreListsReady] = useState(false);
  const titleId = useId();
  const detailsId = useId();

  useEffect(() => {
    if (readCookieConsent(browserLocalStorage())) return;
    const timer = setTimeout(() => setIsOpen(true), COOKIE_NOTICE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const choose = (choice: CookieConsent) => {
    storeCookieConsent(browserLocalStorage(), choice);
    if (choice === 'declined') forgetStoredTheme(browserLocalStorage());
    setIsOpen(false);
  };

  if (!isOpen || auth.user?.requirePasswordChange) return null;
  return (
    <section aria-labelledby={titleId} className="fixed inset-x-0 bottom-0 z-50 p-3 sm:p-4" data-testid="cookie-notice">
      <div className="mx-auto flex max-h-[calc(100dvh-1.5rem)] max-w-3xl flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-lg">
        <div className="flex shrink-0 items-start gap-3">
          <CookieIcon aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <h2 id={titleId} className="font-semibold">
              <Trans>Cookies on Dukani</Trans>
            </h2>
            <p className="text-sm text-muted-foreground">
              <Trans>
                We use a few cookies and browser storage to keep you signed in and remember your choices. No
                advertising or tracking cookies. Read our{' '}
                <Link to="/privacy" className="font-medium text-primary underline underline-offset-4">
                  Privacy Policy
                </Link>{' '}
                and{' '}
                <Link to="/terms" className="font-medium text-primary underline underline-offset-4">
                  Terms of Service
                </Link>
                .
              </Trans>
            </p>
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="-mt-1.5 -mr-1.5"
            aria-label={t`Close`}
            onClick={() => choose('accepted')}
          >
            <XIcon aria-hidden />
          </Button>
        </div>

        {showDetails && (
          // Only the lists scroll, so the choices stay in reach on a small phone.
          <div id={detailsId} className="-mx-1 grid min-h-0 gap-4 overflow-y-auto border-t px-1 pt-3 sm:grid-cols-2">
            {areListsReady && (
              <>
                <StorageList
                  title={t`Essential`}
                  label={t`Essential cookies`}
                  description={t`Needed for Dukani to work; always on.`}
                  items={ESSENTIAL_STORAGE}
                />
                <StorageList
                  title={t`Functional`}
                  label={t`Functional cookies`}
                  description={t`Remember your preferences. Decline to turn them off.`}
                  items={FUNCTIONAL_STORAGE}
                />
              </>
            )}
          </div>
        )}

        <div className="grid shrink-0 grid-cols-3 gap-2 sm:flex sm:justify-end">
          <Button
            variant="ghost"
            aria-expanded={showDetails}
            aria-controls={showDetails ? detailsId : undefined}
            onClick={() => {
              if (!showDetails && !areListsReady) {
                const ready = () => setAreListsReady(true);
                loadAreaCatalog('legal').then(ready, ready);
              }
              setShowDetails((shown) => !shown);
            }}
          >
            <Trans>Details</Trans>
          </Button>
          <Button variant="outline" onClick={() => choose('declined')}>
            <Trans>Decline</Trans>
          </Button>
          <Button onClick={() => choose('accepted')}>
            <Trans>Accept All</Trans>
          </Button>
        </div>
      </div>
    </section>
  );
}

function StorageList({
  title,
  label,
  description,
  items,
}: {
  title: string;
  label: string;
  description: string;
  items: BrowserStorageItem[];
}) {
  return (
    <section aria-label={label} className="flex flex-col gap-2">
      <div>
        <h3 className="text-sm font-medium">{title}</h3>
        <p className="text-xs text-muted-foreground">{description}</p>
      </div>
      <ul className="flex flex-col gap-2">
        {items.map((item) => (
          <li key={item.name} className="text-xs">
            <span className={cn('font-medium break-words', item.isKey && 'font-mono')}>{item.name}</span>
            <span className="text-muted-foreground">
              {' '}
              · {item.kind}, {item.keptFor.toLowerCase()}
            </span>
            <p className="text-muted-foreground">{item.purpose}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
