import type { FastifyInstance } from 'fastify';
import health from './health';

/** One plugin per URL area; the folder name is the URL under /api. */
export async function routes(app: FastifyInstance) {
  await app.register(health, { prefix: '/health' });
}
