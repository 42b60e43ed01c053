import { Trans, useLingui } from '@lingui/react/macro';
import type { Shift } from '../../core/sales/sales.schemas';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { toast } from '../lib/toast';
import { OpenShiftFloatForm } from '../register/open-shift-form';

/** The Shifts tab's way to open a shift: the register's opening form in a dialog. */
export function OpenShiftDialog({
  open,
  onOpenChange,
  registerId,
  onOpened,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  registerId: string;
  onOpened: (shift: Shift) => void;
}) {
  const { t } = useLingui();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>
            <Trans>Open a shift</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>Count the cash in the drawer before the first sale: it is the opening float.</Trans>
          </DialogDescription>
        </DialogHeader>
        <OpenShiftFloatForm
          registerId={registerId}
          onCancel={() => onOpenChange(false)}
          onOpened={(shift) => {
            const registerName = shift.registerName;
            toast.success(t`Shift opened on ${registerName}`);
            onOpened(shift);
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
