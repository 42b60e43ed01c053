import { Trans } from '@lingui/react/macro';
import { Badge } from '../components/ui/badge';

export function ShiftStatusBadge({ status }: { status: 'open' | 'closed' }) {
  return status === 'open' ? (
    <Badge variant="success">
      <Trans>Open</Trans>
    </Badge>
  ) : (
    <Badge variant="secondary">
      <Trans>Closed</Trans>
    </Badge>
  );
}
