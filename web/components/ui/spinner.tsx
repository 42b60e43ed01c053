import { useLingui } from '@lingui/react/macro';
import { LoaderCircleIcon } from 'lucide-react';
import { cn } from '../../lib/cn';

/** A spinning indicator with a name for screen readers. */
export function Spinner({ label, className }: { label?: string; className?: string }) {
  const { t } = useLingui();
  return (
    <span role="status" className="inline-flex items-center justify-center">
      <LoaderCircleIcon aria-hidden className={cn('size-6 animate-spin text-muted-foreground', className)} />
      <span className="sr-only">{label ?? t`Loading`}</span>
    </span>
  );
}

/** The spinning icon alone, for busy buttons whose text already says what is happening. */
export function InlineSpinner({ className }: { className?: string }) {
  return <LoaderCircleIcon aria-hidden className={cn('animate-spin', className)} />;
}
