/**
 * The floor under every signed-in call (bench/request-path.ts): a process of its own with one
 * Fastify route and one pg pool, doing what any signed-in call must do at the least and nothing
 * else: hash the token, run the server's own session lookup (the very statement text the guard
 * prepares, handed over by the benchmark, prepared by name here too) and answer the row as JSON.
 * No headers of its own, no language, no permission, no schema, no logging.
 *
 * Plain JavaScript run by node itself (no loader). Environment: FLOOR_DATABASE_URL, FLOOR_SQL (the
 * statement), FLOOR_PARAMS (its placeholder names in order, JSON), FLOOR_POOL (pool size). Prints
 * `{"port":N}` on its first line once it listens.
 */
import crypto from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const text = process.env.FLOOR_SQL;
const names = JSON.parse(process.env.FLOOR_PARAMS ?? '[]');
if (!text || !process.env.FLOOR_DATABASE_URL) throw new Error('FLOOR_DATABASE_URL and FLOOR_SQL are required');
// As the server reads bigint columns.
pg.types.setTypeParser(20, (v) => Number(v));
const pool = new pg.Pool({
  connectionString: process.env.FLOOR_DATABASE_URL,
  max: Number(process.env.FLOOR_POOL ?? 10),
});

const app = Fastify({ logger: false });
app.get('/floor', async (req, reply) => {
  const h = req.headers.authorization ?? '';
  const token = h.startsWith('Bearer ') ? h.slice(7).trim() : h.trim();
  const values = { hash: crypto.createHash('sha256').update(token).digest('hex'), method: '', path: '' };
  const { rows } = await pool.query({ name: 'session_lookup', text, values: names.map((n) => values[n]) });
  if (!rows[0]) return reply.status(401).send({ code: 100020, msg: 'not signed in', data: null });
  return { code: 0, msg: 'success', data: rows[0] };
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ port: app.server.address().port })}\n`);
const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
