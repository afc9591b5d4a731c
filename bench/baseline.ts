import Fastify from 'fastify';

/**
 * The baseline of the load benchmark: a bare Fastify server answering a small JSON object, started the same way
 * as the platform (its own process, `node --import tsx`). What the platform's calls add on top of HTTP and JSON
 * is the distance from this one's requests per second.
 */
const fastify = Fastify({ logger: false });
fastify.get('/', async () => ({ hello: 'world' }));
fastify.post('/', async () => ({ hello: 'world' }));

const port = Number(process.env.PORT ?? 3100);
await fastify.listen({ port, host: process.env.HOST ?? '127.0.0.1' });

const stop = () => void fastify.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
