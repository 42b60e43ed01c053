import { useLingui } from '@lingui/react';
import { LockIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../components/ui/badge';
import { translateMessage } from '../i18n/translate-message';
import { BILLING_PATH } from './bulk/bulk-access';

/** The lock beside a control the plan does not include: the badge links to the plans. */
export function UpgradeBadge({ badge, message: englishMessage }: { badge: string | null; message: string }) {
  const { i18n } = useLingui();
  // The plan's message comes from core/ in English (upgradeMessage).
  const message = translateMessage(englishMessage, i18n);
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
