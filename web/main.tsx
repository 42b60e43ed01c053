import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { router } from './app/router';
import { ErrorBoundary } from './errors/error-boundary';
import { errorHistory } from './errors/error-history';
import { installGlobalErrorListeners } from './errors/global-error-listeners';
import { activateLocale } from './i18n/catalogs';
import { initialLocale, LanguageProvider } from './i18n/language-provider';
import './styles.css';

installGlobalErrorListeners(window, errorHistory);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

const root = createRoot(rootElement);
// The first screen is drawn in its language: its catalogs are fetched first (a few KB), so no
// English flashes before Kiswahili. The outer boundary catches what the pages' own boundary
// cannot: failures in providers and layouts; only the language sits outside it, for its page.
void activateLocale(initialLocale())
  .catch(() => undefined)
  .then(() =>
    root.render(
      <StrictMode>
        <LanguageProvider>
          <ErrorBoundary>
            <AppProviders>
              <RouterProvider router={router} />
            </AppProviders>
          </ErrorBoundary>
        </LanguageProvider>
      </StrictMode>,
    ),
  );
