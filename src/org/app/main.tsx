// First: zod must be jitless before any schema exists (Trusted Types, docs/security.md).
import '@/core/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import 'bootstrap/dist/css/bootstrap.min.css';
import '@/styles/global.css';
import { AuthProvider } from '@/core/auth';
import { initErrorReporting } from '@/core/errors';
import { ToastHost } from '@/core/notify';
import { createQueryClient } from '@/core/query';
import { OrgApp } from './app';

// Error reporting loads its SDK lazily, when the page is idle (errors before that are buffered).
void initErrorReporting('org');

const queryClient = createQueryClient();

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AuthProvider portal="org">
          <OrgApp />
        </AuthProvider>
      </BrowserRouter>
      <ToastHost />
    </QueryClientProvider>
  </StrictMode>,
);
