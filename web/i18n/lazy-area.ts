import type { ComponentType } from 'react';
import type { AreaCatalog } from './catalog-names';
import { loadAreaCatalog } from './catalogs';

type ScreenModule = Record<string, unknown>;
type ScreenName<M> = { [K in keyof M]: M[K] extends ComponentType<never> ? K : never }[keyof M] & string;

/**
 * Route-level code splitting (React Router `lazy`): an area's screens come in one chunk, fetched
 * with the area's catalogs the first time a route of the area is visited. The route tree itself
 * stays in the main chunk, so every address is known before any area is downloaded.
 *
 *   const products = lazyArea(['products'], () => import('./products-screens'));
 *   { path: 'new', lazy: products('ProductFormPage') }
 */
export function lazyArea<M extends ScreenModule>(catalogs: readonly AreaCatalog[], importer: () => Promise<M>) {
  let loading: Promise<M> | null = null;
  const load = () => {
    loading ??= Promise.all([importer(), ...catalogs.map(loadAreaCatalog)]).then(
      ([module]) => module,
      (error: unknown) => {
        // A failed download (offline till) is retried on the next visit, not cached as failed.
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const screen = (name: ScreenName<M>) => async () => ({ Component: (await load())[name] as ComponentType });
  /** The area's module itself, for a route that renders a screen with props. */
  screen.load = load;
  return screen;
}
