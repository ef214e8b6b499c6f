// First: zod must be jitless before any schema exists (Trusted Types, docs/security.md).
import '@/core/zod-jitless';
import 'bootstrap/dist/css/bootstrap.min.css';
import '@/styles/global.css';
import { orgRoutes } from '@/core/routes';
import { bootPortal } from '@/core/shell/boot';
import { preloadPage } from '@/core/shell/routing';
import { OrgApp } from './app';
import { orgPages } from './routes';

// The page the URL opens starts loading now, beside the session and the user's organisations.
preloadPage(orgRoutes, orgPages, window.location.pathname);
bootPortal('org', OrgApp);
