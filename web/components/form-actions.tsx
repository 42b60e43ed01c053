import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from './ui/button';
import { DialogFooter } from './ui/dialog';
import { InlineSpinner } from './ui/spinner';

// The buttons that end a form: Cancel and the submit button, which spins while the request is on its way.

/** A form dialog's Cancel and submit buttons; the submit one spins while `pending`. */
export function DialogActions({ onCancel, pending, destructive = false, children }: { onCancel: () => void; pending: boolean; destructive?: boolean; children: ReactNode }) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        <Trans>Cancel</Trans>
      </Button>
      <Button type="submit" variant={destructive ? 'destructive' : undefined} disabled={pending}>
        {pending && <InlineSpinner />}
        {children}
      </Button>
    </DialogFooter>
  );
}

/** A form page's Cancel link (back to `cancelTo`) and submit button, which spins while `pending`. */
export function FormPageActions({ cancelTo, pending, disabled = false, className, children }: { cancelTo: string; pending: boolean; disabled?: boolean; className?: string; children: ReactNode }) {
  return (
    <div className={className ?? 'flex flex-wrap justify-end gap-2'}>
      <Button asChild variant="outline">
        <Link to={cancelTo}>
          <Trans>Cancel</Trans>
        </Link>
      </Button>
      <Button type="submit" disabled={pending || disabled}>
        {pending && <InlineSpinner />}
        {children}
      </Button>
    </div>
  );
}
