/**
 * Prints the route table as Markdown (docs/local-stack.md "Endpoints"):
 *   npx tsx server/tools/print-routes.ts
 */
import { buildApp } from '../app';
import { routeTable, type RouteInfo } from '../http/routes';

const app = await buildApp({ config: { dataDir: 'memory', demoScale: 0.01 }, seed: false });
const access = (a: RouteInfo['access']) =>
  a.kind === 'org' || a.kind === 'site'
    ? `${a.kind}(${a.flags.join(', ') || 'any member'})`
    : a.kind;
for (const r of routeTable) {
  console.log(
    `| ${r.method} | \`${r.url.replace(/:(\w+)/g, '{$1}')}\` | ${access(r.access)} | ${r.summary} |`,
  );
}
await app.close();
