import type { LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Input } from '../components/ui/input';
import { cn } from '../lib/cn';

/** A text input with a decorative icon (search, scan) inside its start edge. */
export function IconInput({ icon: Icon, wrapperClassName, className, ...props }: ComponentProps<typeof Input> & { icon: LucideIcon; wrapperClassName?: string }) {
  return (
    <div className={cn('relative', wrapperClassName)}>
      <Icon aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input className={cn('pl-9', className)} {...props} />
    </div>
  );
}
