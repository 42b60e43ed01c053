import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { REGISTER_SHORTCUTS } from './register-shortcuts';

/** ? or F1: the register's keys, from the same table the keyboard handler uses. */
export function ShortcutHelpDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { i18n } = useLinguiRuntime();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>
            <Trans>Keyboard shortcuts</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>A barcode scanner works anywhere on the screen. Type 3* before a code to sell three.</Trans>
          </DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
          {REGISTER_SHORTCUTS.map((shortcut) => (
            <div key={shortcut.action} className="contents">
              <dt className="flex gap-1">
                {shortcut.keycaps.map((keycap) => (
                  <kbd key={keycap} className="rounded border bg-muted px-1.5 py-0.5 font-mono text-xs">
                    {keycap}
                  </kbd>
                ))}
              </dt>
              <dd>{i18n._(shortcut.label)}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
