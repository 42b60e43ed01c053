import { useEffect } from 'react';

export const PRODUCT_NAME = 'Dukani';

/** Sets the browser tab's title while the page is shown. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
