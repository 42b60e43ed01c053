import { useLingui } from '@lingui/react/macro';
import { useNavigation } from 'react-router';
import { Spinner } from '../components/ui/spinner';

/**
 * What the first address shows while its area's chunk downloads: the app's background with a
 * spinner in the middle, so nothing jumps when the page arrives.
 */
export function PageLoading() {
  const { t } = useLingui();
  return (
    <div className="flex min-h-dvh items-center justify-center bg-background">
      <Spinner label={t`Loading`} />
    </div>
  );
}

/**
 * A thin bar along the top while the next page's chunk or data loads: the current page stays as
 * it is, and the bar says something is happening (issue 12: a loading state without layout shift).
 */
export function NavigationProgress() {
  const { t } = useLingui();
  const navigation = useNavigation();
  if (navigation.state !== 'loading') return null;
  return (
    <div role="progressbar" aria-label={t`Loading the page`} className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-primary/20">
      <div className="h-full w-1/3 animate-[navigation-progress_1s_ease-in-out_infinite] bg-primary" />
    </div>
  );
}
