// The ceiling of figure 5: a bare Fastify route ({"ok":true}), same Node, same core as the stack.
//   node bench/lib/bare-fastify.mjs PORT
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ ok: true }));
await app.listen({ port: Number(process.argv[2] ?? 4100), host: '127.0.0.1' });
console.log('bare fastify listening');
