import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { cn } from '../lib/cn';
import { formatStock, STOCK_LEVEL_LABELS, stockLevel } from './product-format';

/** On-hand quantity with its unit: red when out, amber when low (with the word, not colour alone). */
export function StockFigure({
  onHandMilli,
  unitShortName,
  trackStock = true,
  reorderLevelMilli = null,
  isLow,
  className,
}: {
  onHandMilli: number;
  unitShortName: string | null;
  trackStock?: boolean;
  reorderLevelMilli?: number | null;
  isLow?: boolean;
  className?: string;
}) {
  const { i18n } = useLingui();
  const level = stockLevel({ trackStock, onHandMilli, reorderLevelMilli, isLow });
  if (level === 'untracked') return <span className={cn('text-muted-foreground', className)}>{i18n._(STOCK_LEVEL_LABELS.untracked)}</span>;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 whitespace-nowrap tabular-nums',
        level === 'out' && 'font-medium text-destructive',
        level === 'low' && 'font-medium text-amber-700 dark:text-amber-400',
        className,
      )}
    >
      {formatStock(onHandMilli, unitShortName)}
      {(level === 'out' || level === 'low') && (
        <span className="rounded border border-current px-1 text-[0.65rem] leading-4 uppercase">{level === 'out' ? <Trans>Out</Trans> : <Trans>Low</Trans>}</span>
      )}
    </span>
  );
}
