import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { router } from './app/router';
import { ErrorBoundary } from './errors/error-boundary';
import { errorHistory } from './errors/error-history';
import { installGlobalErrorListeners } from './errors/global-error-listeners';
import './styles.css';

installGlobalErrorListeners(window, errorHistory);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// The outer boundary catches what the pages' own boundary cannot: failures in providers and layouts.
createRoot(rootElement).render(
  <StrictMode>
    <ErrorBoundary>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </ErrorBoundary>
  </StrictMode>,
);
