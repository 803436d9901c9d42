// The benchmark's ceilings (npm run bench): what a signed-in read could at best reach on this
// machine. Plain JavaScript, run by node like the compiled server, each in its own process:
// - CEILING=bare: a bare Fastify JSON route;
// - CEILING=query: a bare Fastify route that runs one prepared query (a user's row by id) on the
//   same database as the server: PostgreSQL through pg (DATABASE_URL, the server's pool size) or
//   PGlite in-process (DATA_DIR).
// GET /api/health answers when it is ready; GET /ceiling is the measured route.
import Fastify from 'fastify';

const mode = process.env.CEILING;
const userId = Number(process.env.CEILING_USER_ID ?? 1);
const TEXT = 'select id, email, first_name, last_name from users where id = $1';
const app = Fastify({ logger: false });
let close = async () => {};

if (mode === 'bare') {
  app.get('/ceiling', async () => ({ id: userId, email: 'someone@example.com', first_name: 'Some', last_name: 'One' }));
} else if (process.env.DATABASE_URL) {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    connectionString: process.env.DATABASE_URL,
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
  });
  close = () => pool.end();
  app.get('/ceiling', async () => (await pool.query({ name: 'ceiling', text: TEXT, values: [userId] })).rows[0]);
} else {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create({ dataDir: process.env.DATA_DIR, extensions: { pg_trgm } });
  close = () => db.close();
  app.get('/ceiling', async () => (await db.query(TEXT, [userId])).rows[0]);
}
app.get('/api/health', async () => ({ status: 'ok' }));
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    await app.close();
    await close();
    process.exit(0);
  });
}
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
