import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loggableError } from './errors';

const health: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['platform'],
        summary: 'Liveness and database check',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('ok') }),
          503: z.object({ status: z.literal('error'), database: z.string() }),
        },
      },
    },
    async (_req, reply) => {
      try {
        await app.services.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (e) {
        // The driver's message can name hosts, users and databases; the log has it, the public answer does not.
        app.log.warn({ err: loggableError(e) }, 'health check: the database did not answer');
        return reply.status(503).send({ status: 'error' as const, database: 'error' });
      }
    },
  );
};
export default health;
