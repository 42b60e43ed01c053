import { LockIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../components/ui/badge';
import { BILLING_PATH } from './bulk/bulk-access';

/** The lock beside a control the plan does not include: the badge links to the plans. */
export function UpgradeBadge({ badge, message }: { badge: string | null; message: string }) {
  return (
    <Link
      to={BILLING_PATH}
      title={message}
      className="inline-flex items-center gap-1 rounded-md text-xs text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60"
    >
      <LockIcon aria-hidden className="size-3.5" />
      <span className="sr-only">{message}</span>
      {badge && <Badge variant="accent">{badge}</Badge>}
    </Link>
  );
}
