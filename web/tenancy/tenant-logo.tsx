import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { cn } from '../lib/cn';

export const DEFAULT_LOGO_URL = '/dukani-logo.svg';

/** The tenant's logo, or the Dukani logo when it has none or it fails to load (spec §2). */
export function TenantLogo({ logoUrl, name, className }: { logoUrl: string | null; name: string; className?: string }) {
  const { t } = useLingui();
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const ownLogoUrl = logoUrl && logoUrl !== failedUrl ? logoUrl : null;
  return (
    <img
      src={ownLogoUrl ?? DEFAULT_LOGO_URL}
      alt={ownLogoUrl ? t`${name} logo` : t`Dukani logo`}
      width={64}
      height={64}
      onError={() => setFailedUrl(logoUrl)}
      className={cn('size-16 rounded-2xl object-contain', className)}
    />
  );
}
