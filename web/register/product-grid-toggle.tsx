import { Trans } from '@lingui/react/macro';
import { LayoutGridIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../components/ui/button';
import { browserLocalStorage, readItem, writeItem } from '../lib/browser-storage';

// The register's Products button and this device's choice: with the till itself, while the grid
// (web/register/product-grid.tsx) is fetched only when it is shown.

const GRID_STORAGE_KEY = 'dukani-register-grid';

/** Whether this device shows the grid: touch tills want it, keyboard tills do not. */
export function useProductGridPreference() {
  const [shown, setShown] = useState(() => readItem(browserLocalStorage(), GRID_STORAGE_KEY) === 'shown');
  const toggle = () => {
    writeItem(browserLocalStorage(), GRID_STORAGE_KEY, shown ? 'hidden' : 'shown');
    setShown(!shown);
  };
  return { shown, toggle };
}

export function ProductGridToggle({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  return (
    <Button type="button" variant={shown ? 'secondary' : 'outline'} className="h-11" aria-pressed={shown} aria-controls="register-product-grid" onClick={onToggle}>
      <LayoutGridIcon aria-hidden />
      {/* On a phone the icon alone, leaving the search field its width. */}
      <span className="max-sm:sr-only">
        <Trans>Products</Trans>
      </span>
    </Button>
  );
}
