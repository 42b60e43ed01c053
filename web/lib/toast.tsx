import { lazy, Suspense, useEffect } from 'react';
import type { ToasterProps } from 'sonner';

// Toasts are never needed to draw a page, so Sonner (about 9 KB) arrives just after it (issue 12's
// budget). Every toast goes through here: it waits for the module and for the toaster to be
// mounted, so none is lost while they load.

type Sonner = typeof import('sonner');
type ToastMessage = Parameters<Sonner['toast']['success']>[0];
type ToastOptions = Parameters<Sonner['toast']['success']>[1];

let sonner: Promise<Sonner> | null = null;
const loadSonner = () => (sonner ??= import('sonner'));

let markToasterMounted: () => void = () => undefined;
const toasterMounted = new Promise<void>((resolve) => {
  markToasterMounted = resolve;
});

function show(kind: 'success' | 'error' | 'info') {
  return (message: ToastMessage, options?: ToastOptions): void => {
    void Promise.all([loadSonner(), toasterMounted]).then(([module]) => module.toast[kind](message, options));
  };
}

/** sonner's toast (success, error, info), callable before Sonner has arrived. */
export const toast = { success: show('success'), error: show('error'), info: show('info') };

const ThemedToaster = lazy(() => import('../components/ui/sonner').then((module) => ({ default: module.Toaster })));

/** Tells the toasts waiting that the toaster listens; its effect runs after the toaster's own. */
function ToasterMounted() {
  useEffect(() => markToasterMounted(), []);
  return null;
}

/** The app's toaster, mounted once in the providers; it loads right after the first page. */
export function Toaster(props: ToasterProps) {
  return (
    <Suspense fallback={null}>
      <ThemedToaster {...props} />
      <ToasterMounted />
    </Suspense>
  );
}
