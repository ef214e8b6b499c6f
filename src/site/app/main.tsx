// First: zod must be jitless before any schema exists (Trusted Types, docs/security.md).
import '@/core/zod-jitless';
import 'bootstrap/dist/css/bootstrap.min.css';
import '@/styles/global.css';
import { siteRoutes } from '@/core/routes';
import { bootPortal } from '@/core/shell/boot';
import { preloadPage } from '@/core/shell/routing';
import { SiteApp } from './app';
import { sitePages } from './routes';

// The page the URL opens starts loading now, beside the session and the user's organisations.
preloadPage(siteRoutes, sitePages, window.location.pathname);
bootPortal('site', SiteApp);
