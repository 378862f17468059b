// First: no schema may be built before zod is told not to compile code (the CSP forbids eval).
import '@chat/contract/no-eval';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { languageReady } from './app/i18n';
import './styles.css';
import { Providers } from './app/Providers';
import { AppRoutes } from './app/router';
import { FullPageSpinner } from './components/ui/Spinner';
import { startBootRefresh } from './api/http';

// The session is asked for at once, while the language and the first render get ready.
startBootRefresh();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');

// The stored language's dictionary first, so a non-English UI never flashes English.
void languageReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <Suspense fallback={<FullPageSpinner />}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </Suspense>
      </Providers>
    </StrictMode>,
  ),
);
