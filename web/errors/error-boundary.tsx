import { Trans } from '@lingui/react/macro';
import { Component, createContext, Fragment, lazy, Suspense, use, type ErrorInfo, type ReactNode } from 'react';
import { logger } from '../lib/logger';
import { errorHistory } from './error-history';
import { describeThrown } from './error-noise';
import { evaluateRetryGate, MAX_RETRIES } from './retry-gate';
import { reportClientError } from './error-reporter';

// The error page is fetched when an error happens, not with every first page (issue 12's budget).
// If it cannot be fetched (the connection is gone too), a plain notice with a reload stands in.
const ErrorFallbackPage = lazy(() =>
  import('./error-fallback-page').then(
    (module) => ({ default: module.ErrorFallbackPage }),
    () => ({ default: UnreachableErrorPage }),
  ),
);

function UnreachableErrorPage() {
  return (
    <main role="alert" className="grid min-h-dvh place-content-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">
        <Trans>Something went wrong</Trans>
      </h1>
      <button type="button" className="underline" onClick={() => window.location.reload()}>
        <Trans>Reload Page</Trans>
      </button>
    </main>
  );
}

const ResetGenerationContext = createContext(0);

/** Changes each time Reset Component remounts the subtree; Try Again keeps it. */
export function useErrorBoundaryGeneration(): number {
  return use(ResetGenerationContext);
}

interface ErrorBoundaryProps {
  children: ReactNode;
  /** A change (e.g. a new path after Go Back) clears the error and the retry count. */
  resetKey?: string;
}

interface ErrorBoundaryState {
  error: Error | null;
  componentStack: string | null;
  errorAt: number;
  retryCount: number;
  isCoolingDown: boolean;
  generation: number;
}

/**
 * Catches render errors below it and shows the 'Something went wrong' page (spec §2, §4, §9):
 * Try Again re-renders the children at most 3 times and never within 1 s of the last error;
 * Reset Component clears the count and remounts the children with a new key.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = {
    error: null,
    componentStack: null,
    errorAt: 0,
    retryCount: 0,
    isCoolingDown: false,
    generation: 0,
  };
  private cooldownTimer: ReturnType<typeof setTimeout> | undefined;

  static getDerivedStateFromError(thrown: unknown): Partial<ErrorBoundaryState> {
    return { error: toError(thrown), componentStack: null, errorAt: Date.now(), isCoolingDown: true };
  }

  override componentDidCatch(thrown: unknown, info: ErrorInfo) {
    const error = toError(thrown);
    logger.error('Render error caught by the error boundary', error, info.componentStack);
    errorHistory.record({ message: error.message, occurredAt: new Date().toISOString(), source: 'render' });
    reportClientError({ message: error.message, source: 'render', stack: error.stack, componentStack: info.componentStack ?? undefined });
    this.setState({ componentStack: info.componentStack ?? null });
    const { waitMs } = evaluateRetryGate({
      retryCount: this.state.retryCount,
      lastErrorAt: this.state.errorAt,
      now: Date.now(),
    });
    clearTimeout(this.cooldownTimer);
    this.cooldownTimer = setTimeout(() => this.setState({ isCoolingDown: false }), waitMs);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps) {
    if (previous.resetKey !== this.props.resetKey && (this.state.error || this.state.retryCount > 0)) {
      this.reset();
    }
  }

  override componentWillUnmount() {
    clearTimeout(this.cooldownTimer);
  }

  private readonly retry = () => {
    const gate = evaluateRetryGate({ retryCount: this.state.retryCount, lastErrorAt: this.state.errorAt, now: Date.now() });
    if (!gate.canRetry) return;
    this.setState((state) => ({ error: null, componentStack: null, retryCount: state.retryCount + 1 }));
  };

  private readonly reset = () => {
    clearTimeout(this.cooldownTimer);
    this.setState((state) => ({
      error: null,
      componentStack: null,
      retryCount: 0,
      isCoolingDown: false,
      generation: state.generation + 1,
    }));
  };

  override render() {
    const { error, componentStack, retryCount, isCoolingDown, generation } = this.state;
    if (error) {
      const isExhausted = retryCount >= MAX_RETRIES;
      return (
        <Suspense fallback={null}>
          <ErrorFallbackPage
            error={error}
            componentStack={componentStack}
            retryCount={retryCount}
            canRetry={!isExhausted && !isCoolingDown}
            isExhausted={isExhausted}
            onRetry={this.retry}
            onReset={this.reset}
          />
        </Suspense>
      );
    }
    return (
      <ResetGenerationContext value={generation}>
        <Fragment key={generation}>{this.props.children}</Fragment>
      </ResetGenerationContext>
    );
  }
}

function toError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(describeThrown(thrown).message);
}
