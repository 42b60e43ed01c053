import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BellIcon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notificationListSchema } from '../../core/notifications/notifications.schemas';
import { Button } from '../components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '../components/ui/dropdown-menu';
import { apiRequest } from '../lib/api-client';
import { cn } from '../lib/cn';
import { useDateFormat } from '../lib/date-format';

export const notificationsQueryKey = ['notifications'] as const;

/** Header bell (spec §2): a red dot while anything is unread; opening the list marks it read. */
export function NotificationsMenu() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { formatDateTime } = useDateFormat();
  const list = useQuery({
    queryKey: notificationsQueryKey,
    queryFn: () => apiRequest('/api/notifications', { schema: notificationListSchema }),
    refetchInterval: 60_000,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a log line for developers (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the notifications failed' },
  });
  const markRead = useMutation({
    mutationKey: ['notifications', 'read'],
    mutationFn: (id?: string) =>
      apiRequest('/api/notifications/read', { method: 'POST', body: id ? { id } : {}, schema: notificationListSchema }),
    onSuccess: (data) => queryClient.setQueryData(notificationsQueryKey, data),
  });
  const unread = list.data?.unreadCount ?? 0;
  const notifications = list.data?.notifications ?? [];

  // Opening the list marks everything read (the list keeps showing what was new until it closes).
  const [shown, setShown] = useState<typeof notifications | null>(null);
  const onOpenChange = (open: boolean) => {
    setShown(open ? notifications : null);
    if (open && unread > 0) markRead.mutate(undefined);
  };
  const visible = shown ?? notifications;

  return (
    <DropdownMenu onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={unread > 0 ? t`Notifications, ${plural(unread, { one: '# unread', other: '# unread' })}` : t`Notifications`}>
          <BellIcon aria-hidden />
          {unread > 0 && <span data-testid="unread-dot" aria-hidden className="absolute top-1.5 right-1.5 size-2 rounded-full bg-red-600" />}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80 max-w-[calc(100vw-1rem)]">
        <DropdownMenuLabel>
          <Trans>Notifications</Trans>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {visible.length === 0 ? (
          <p className="px-2 py-3 text-sm text-muted-foreground">{list.isError ? t`Notifications are not available right now.` : t`No notifications yet.`}</p>
        ) : (
          visible.map((notification) => (
            <DropdownMenuItem
              key={notification.id}
              className="grid items-start gap-0.5"
              onSelect={() => {
                if (!notification.isRead) markRead.mutate(notification.id);
                if (notification.link) void navigate(notification.link);
              }}
            >
              <span className={cn('text-sm', !notification.isRead && 'font-semibold')}>{notification.title}</span>
              {notification.body && <span className="text-xs whitespace-normal text-muted-foreground">{notification.body}</span>}
              <span className="text-xs text-muted-foreground">{formatDateTime(notification.createdAt)}</span>
            </DropdownMenuItem>
          ))
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
