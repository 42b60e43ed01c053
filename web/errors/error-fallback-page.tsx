import { Plural, Trans } from '@lingui/react/macro';
import { ArrowLeftIcon, HomeIcon, RefreshCwIcon, RotateCcwIcon, TriangleAlertIcon } from 'lucide-react';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { Alert, AlertDescription } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Card, CardContent } from '../components/ui/card';
import { useDateFormat } from '../lib/date-format';
import { errorHistory, ERROR_HISTORY_SHOWN } from './error-history';
import { MAX_RETRIES } from './retry-gate';

interface ErrorFallbackPageProps {
  error: Error;
  componentStack: string | null;
  retryCount: number;
  canRetry: boolean;
  isExhausted: boolean;
  onRetry: () => void;
  onReset: () => void;
}

// Rendered by the error boundary, which may sit outside the router: plain buttons and
// window.location, no router hooks.
export function ErrorFallbackPage(props: ErrorFallbackPageProps) {
  const { error, componentStack, retryCount, canRetry, isExhausted, onRetry, onReset } = props;
  const history = useSyncExternalStore(errorHistory.subscribe, errorHistory.entries, errorHistory.entries);
  const recentErrors = history.slice(0, ERROR_HISTORY_SHOWN);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { formatDateTime } = useDateFormat();

  // Keyboard and screen-reader users land on the explanation, not on a control that vanished.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <main className="min-h-dvh bg-background px-4 py-10 sm:py-16">
      <div className="mx-auto flex max-w-2xl flex-col gap-6">
        <header className="flex items-start gap-4">
          <span className="rounded-full bg-destructive/10 p-3 text-destructive" aria-hidden>
            <TriangleAlertIcon className="size-6" />
          </span>
          <div className="flex min-w-0 flex-col gap-1.5">
            <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold tracking-tight outline-none">
              <Trans>Something went wrong</Trans>
            </h1>
            <p className="text-muted-foreground">
              <Trans>An unexpected error occurred. We've logged this issue and our team has been notified.</Trans>
            </p>
          </div>
        </header>

        <Card className="gap-4 py-4">
          <CardContent className="flex flex-col gap-4 px-4">
            <section aria-labelledby="error-message-heading" className="flex flex-col gap-2">
              <h2 id="error-message-heading" className="text-sm font-medium">
                <Trans>Error message</Trans>
              </h2>
              <p
                data-testid="error-message"
                className="rounded-md bg-muted px-3 py-2 font-mono text-sm break-words text-foreground"
              >
                {error.message || error.name}
              </p>
            </section>
            <details className="group rounded-md border">
              <summary className="cursor-pointer rounded-md px-3 py-2 text-sm font-medium outline-none select-none focus-visible:ring-[3px] focus-visible:ring-ring/60">
                <Trans>Component stack</Trans>
              </summary>
              <pre
                data-testid="component-stack"
                className="max-h-64 overflow-auto border-t px-3 py-2 font-mono text-xs leading-relaxed text-muted-foreground"
              >
                {formatComponentStack(componentStack) || <Trans>Not available for this error.</Trans>}
              </pre>
            </details>
          </CardContent>
        </Card>

        {isExhausted && (
          <Alert variant="destructive">
            <TriangleAlertIcon aria-hidden />
            <AlertDescription>
              <Trans>Maximum retries reached: Please try refreshing the page or contact support if the issue persists.</Trans>
            </AlertDescription>
          </Alert>
        )}

        <div className="flex flex-col gap-2">
          <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
            <Button onClick={onRetry} disabled={!canRetry}>
              <RefreshCwIcon aria-hidden />
              <Trans>Try Again</Trans>
            </Button>
            <Button variant="outline" onClick={onReset}>
              <RotateCcwIcon aria-hidden />
              <Trans>Reset Component</Trans>
            </Button>
            <Button variant="outline" onClick={() => window.location.assign('/')}>
              <HomeIcon aria-hidden />
              <Trans>Go Home</Trans>
            </Button>
            <Button variant="ghost" onClick={() => window.history.back()}>
              <ArrowLeftIcon aria-hidden />
              <Trans>Go Back</Trans>
            </Button>
          </div>
          <p className="text-xs text-muted-foreground" data-testid="retry-count">
            <Plural value={MAX_RETRIES} one={`${retryCount} of # retry used`} other={`${retryCount} of # retries used`} />
          </p>
        </div>

        <section aria-labelledby="recent-errors-heading" className="flex flex-col gap-3">
          <div className="flex items-center justify-between gap-2">
            <h2 id="recent-errors-heading" className="text-sm font-medium">
              <Trans>Recent errors</Trans>
            </h2>
            <Button variant="ghost" size="sm" onClick={errorHistory.clear} disabled={history.length === 0}>
              <Trans>Clear History</Trans>
            </Button>
          </div>
          {recentErrors.length ? (
            <ol className="flex flex-col divide-y rounded-md border" data-testid="recent-errors">
              {recentErrors.map((entry, index) => (
                <li key={`${entry.occurredAt}-${index}`} className="flex flex-col gap-0.5 px-3 py-2 text-sm">
                  <span className="break-words">{entry.message}</span>
                  <time dateTime={entry.occurredAt} className="text-xs text-muted-foreground">
                    {formatDateTime(entry.occurredAt)}
                  </time>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm text-muted-foreground">
              <Trans>No recent errors.</Trans>
            </p>
          )}
        </section>
      </div>
    </main>
  );
}

// React indents every frame and starts with a blank line; align the frames instead.
function formatComponentStack(stack: string | null): string {
  return (stack ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}
