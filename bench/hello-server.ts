import Fastify from 'fastify';

// The baseline: bare Fastify answering a constant, no plugins, no database, no logging.
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
console.log('listening');
