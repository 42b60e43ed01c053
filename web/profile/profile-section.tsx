import { useId, type ReactNode } from 'react';
import { cn } from '../lib/cn';

/** A titled block of the profile screen (Change Password, Danger Zone, …). */
export function ProfileSection({
  title,
  description,
  icon,
  action,
  children,
  isDanger = false,
}: {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  /** Beside the title, e.g. a status badge. */
  action?: ReactNode;
  children?: ReactNode;
  isDanger?: boolean;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={cn('grid gap-4 rounded-xl border bg-card p-4 sm:p-5', isDanger && 'border-destructive/40')}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1">
          <h3 id={titleId} className={cn('flex items-center gap-2 font-semibold', isDanger && 'text-destructive')}>
            {icon}
            {title}
          </h3>
          {description && <div className="text-sm text-muted-foreground">{description}</div>}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}
