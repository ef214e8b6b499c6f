/**
 * zod v4 compiles object validators with `new Function` unless it runs jitless, and even its
 * probe for that is a Trusted Types violation under the portals' CSP (scripts/csp.ts enforces
 * `require-trusted-types-for 'script'`). zod reads the flag when a schema is created, so this
 * module must run before any schema module: each entry (src/org/app/main.tsx,
 * src/site/app/main.tsx) imports it first. zod/v4/core holds the one setting that `zod` and
 * `zod/mini` share.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
