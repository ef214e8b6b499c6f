// First: zod must be jitless before any schema exists (Trusted Types, docs/security.md).
import '@/core/zod-jitless';
import 'bootstrap/dist/css/bootstrap.min.css';
import '@/styles/global.css';
import { bootPortal } from '@/core/shell/boot';
import { SiteApp } from './app';

bootPortal('site', SiteApp);
