import Fastify from 'fastify';

/**
 * The baseline of the load benchmark: a bare Fastify server answering a small JSON object, started the same way
 * as the platform (its own process, `node --import tsx`). What the platform's calls add on top of HTTP and JSON
 * is the distance from this one's requests per second.
 */
const fastify = Fastify({ logger: false });
fastify.get('/', async () => ({ hello: 'world' }));
fastify.post('/', async () => ({ hello: 'world' }));
/** A JSON answer of `bytes` bytes (kept once made), as large as a large call's: HTTP's share of its cost. */
const large = new Map<number, Buffer>();
fastify.get('/large', async (request, reply) => {
  const bytes = Math.min(10_000_000, Math.max(20, Number((request.query as { bytes?: string }).bytes) || 0));
  let body = large.get(bytes);
  if (!body) {
    body = Buffer.from(`{"text":"${'x'.repeat(bytes - 11)}"}`);
    large.set(bytes, body);
  }
  return reply.type('application/json').send(body);
});

const port = Number(process.env.PORT ?? 3100);
await fastify.listen({ port, host: process.env.HOST ?? '127.0.0.1' });

const stop = () => void fastify.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
