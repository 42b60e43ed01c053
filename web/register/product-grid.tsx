import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { formatQuantity } from '../../core/products/quantity.rules';
import { REGISTER_TOP_SELLER_DAYS, type RegisterItem } from '../../core/sales/register-items.schemas';
import { useMoney } from '../accounts/use-money';
import { Button } from '../components/ui/button';
import { InlineSpinner, Spinner } from '../components/ui/spinner';
import { LoadError } from '../inventory/inventory-ui';
import { cn } from '../lib/cn';
import { useCategories } from '../products/products.api';
import { ProductThumbnail } from '../products/product-thumbnail';
import { useProductGridItems, type ProductGridShelf } from './register.api';

// The register's touch alternative to the search box (issue 15): tiles of the location's top
// sellers or of a category, a server page at a time. A tapped tile goes to the cart exactly as a
// single search match does (the screen's onPick); the checkout applies the stock rules as for a scan.

export function ProductGrid({ registerId, onPick }: { registerId: string; onPick: (item: RegisterItem) => void }) {
  const { t } = useLingui();
  const categories = useCategories();
  const [shelf, setShelf] = useState<ProductGridShelf>({ kind: 'top' });
  const chosenCategoryId = shelf.kind === 'category' ? shelf.categoryId : null;
  const chips = [{ id: null, label: t`Top sellers` }, ...(categories.data ?? []).map((category) => ({ id: category.id as string | null, label: category.path }))];

  return (
    <section id="register-product-grid" aria-label={t`Product grid`} className="grid min-w-0 gap-2 rounded-xl border bg-card p-2">
      <div role="group" aria-label={t`Shelves`} className="flex min-w-0 gap-2 overflow-x-auto pb-1">
        {chips.map((chip) => (
          <Button
            key={chip.id ?? 'top'}
            type="button"
            size="sm"
            variant={chip.id === chosenCategoryId ? 'default' : 'outline'}
            aria-pressed={chip.id === chosenCategoryId}
            className="h-11 shrink-0"
            onClick={() => setShelf(chip.id === null ? { kind: 'top' } : { kind: 'category', categoryId: chip.id })}
          >
            {chip.label}
          </Button>
        ))}
        {categories.isPending && <InlineSpinner />}
      </div>
      {categories.isError && <LoadError error={categories.error} what={t`the categories`} onRetry={() => void categories.refetch()} />}
      <GridTiles key={JSON.stringify(shelf)} registerId={registerId} shelf={shelf} onPick={onPick} />
    </section>
  );
}

function GridTiles({ registerId, shelf, onPick }: { registerId: string; shelf: ProductGridShelf; onPick: (item: RegisterItem) => void }) {
  const { t } = useLingui();
  const tiles = useProductGridItems(registerId, shelf);
  if (tiles.isError) return <LoadError error={tiles.error} what={t`the products`} onRetry={() => void tiles.refetch()} />;
  if (tiles.isPending) return <Spinner label={t`Loading the products…`} />;
  const items = tiles.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <p className="p-4 text-center text-sm text-muted-foreground">
        {shelf.kind === 'top' ? <Trans>Nothing sold here in the last {REGISTER_TOP_SELLER_DAYS} days yet: choose a category.</Trans> : <Trans>No products in this category.</Trans>}
      </p>
    );
  }
  return (
    <div className="grid gap-2 @container lg:max-h-[45vh] lg:overflow-y-auto">
      <ul aria-label={t`Products`} className="grid grid-cols-2 gap-2 @sm:grid-cols-3 @xl:grid-cols-4 @3xl:grid-cols-5 @4xl:grid-cols-6">
        {items.map((item) => (
          <li key={item.variantId} className="min-w-0">
            <GridTile item={item} onPick={onPick} />
          </li>
        ))}
      </ul>
      {tiles.hasNextPage && (
        <Button type="button" variant="outline" className="h-11" disabled={tiles.isFetchingNextPage} onClick={() => void tiles.fetchNextPage()}>
          {tiles.isFetchingNextPage && <InlineSpinner />}
          <Trans>More</Trans>
        </Button>
      )}
    </div>
  );
}

function GridTile({ item, onPick }: { item: RegisterItem; onPick: (item: RegisterItem) => void }) {
  const { money } = useMoney();
  const name = [item.productName, item.variantName].filter(Boolean).join(' · ');
  const outOfStock = item.onHandMilli !== null && item.onHandMilli <= 0;
  const price = money(item.sellingPriceMinor);
  // Weighed goods say what the price is per; a piece's price is just the price.
  const unitName = item.unit?.allowsDecimals ? item.unit.name : null;
  return (
    <button
      type="button"
      onClick={() => onPick(item)}
      className={cn(
        'flex h-full min-h-24 w-full flex-col gap-1 rounded-lg border bg-background p-2 text-left text-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring active:bg-accent',
        outOfStock && 'border-dashed bg-muted/50',
      )}
    >
      <span className="flex min-w-0 items-start gap-2">
        {item.imageUrl && <ProductThumbnail imageUrl={item.imageUrl} className="size-9" />}
        <span className="line-clamp-2 min-w-0 font-medium break-words">{name}</span>
      </span>
      <span className="mt-auto font-semibold tabular-nums">{unitName ? <Trans>{price} / {unitName}</Trans> : price}</span>
      {item.onHandMilli !== null && (
        <span className={cn('text-xs', outOfStock ? 'font-medium text-destructive' : 'text-muted-foreground')}>
          {outOfStock ? <Trans>Out of stock</Trans> : <Trans>On hand {formatQuantity(item.onHandMilli)}</Trans>}
        </span>
      )}
    </button>
  );
}
