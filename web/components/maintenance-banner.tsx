import { useQuery } from '@tanstack/react-query';
import { TriangleAlertIcon } from 'lucide-react';
import { maintenanceBannerSchema } from '../../core/platform/settings.schemas';
import { apiRequest } from '../lib/api-client';

// The platform's maintenance banner (the console's Settings, docs/platform.md): the text an admin
// set, atop every shop's admin area and the sign-in page, while it is set. Asked again every few
// minutes so a banner set or cleared reaches open pages.

export const MAINTENANCE_BANNER_KEY = ['maintenance-banner'] as const;

export function MaintenanceBanner({ className = '' }: { className?: string }) {
  const banner = useQuery({
    queryKey: MAINTENANCE_BANNER_KEY,
    queryFn: () => apiRequest('/api/maintenance-banner', { schema: maintenanceBannerSchema }),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
    retry: false,
  });
  const message = banner.data?.message;
  if (!message) return null;
  return (
    <div role="status" data-testid="maintenance-banner" className={`flex items-start gap-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50 ${className}`}>
      <TriangleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <p className="min-w-0 break-words">{message}</p>
    </div>
  );
}
