import { PackageIcon } from 'lucide-react';
import { cn } from '../lib/cn';

/** The product's picture, or a package icon when it has none (decorative: the name is beside it). */
export function ProductThumbnail({ imageUrl, className }: { imageUrl: string | null; className?: string }) {
  if (imageUrl) {
    return <img src={imageUrl} alt="" loading="lazy" className={cn('size-10 shrink-0 rounded-md border bg-muted object-cover', className)} />;
  }
  return (
    <span aria-hidden className={cn('flex size-10 shrink-0 items-center justify-center rounded-md border bg-muted text-muted-foreground', className)}>
      <PackageIcon className="size-1/2" />
    </span>
  );
}
