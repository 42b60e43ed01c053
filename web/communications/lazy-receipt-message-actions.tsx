import { useEffect, useState } from 'react';
import type { Sale } from '../../core/sales/sales.schemas';
import { lazyArea } from '../i18n/lazy-area';

// The receipt-by-SMS/WhatsApp actions and the communications catalog, fetched when a completed
// sale is shown (the sale's page, the register's completed-sale screen), not with the till. A
// failed download (an offline till) shows nothing and is tried again the next time.
const receiptMessages = lazyArea(['communications'], () => import('./receipt-message-actions'));

export function LazyReceiptMessageActions({ sale }: { sale: Sale }) {
  const [loaded, setLoaded] = useState<Awaited<ReturnType<typeof receiptMessages.load>> | null>(null);
  useEffect(() => {
    let shown = true;
    receiptMessages.load().then(
      (module) => {
        if (shown) setLoaded(module);
      },
      () => undefined,
    );
    return () => {
      shown = false;
    };
  }, []);
  return loaded ? <loaded.ReceiptMessageActions sale={sale} /> : null;
}
