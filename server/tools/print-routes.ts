/**
 * Prints the route table as Markdown (docs/local-stack.md "Endpoints"):
 *   npx tsx server/tools/print-routes.ts
 */
import { buildApp } from '../app';
import { routeTable } from '../http/routes';
import { routeRow } from '../http/route-docs';

const app = await buildApp({ config: { dataDir: 'memory', demoScale: 0.01 }, seed: false });
for (const r of routeTable()) console.log(routeRow(r));
await app.close();
