import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listQuery, pageOf, sendRange } from '../../infra/db/list';
import { notFound } from '../../infra/http/errors';
import { deadLetterResponse } from './schemas';

const tags = ['platform'];

/** /platform/jobs/failed: jobs that failed every retry (the dead letters), for platform staff to read and send again. */
const deadLetters: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/jobs/failed',
    {
      config: { auth: 'superAdmin' },
      schema: {
        tags,
        summary: 'Jobs that failed every retry, newest first',
        description: 'ra-data-simple-rest list. A job shows where it came from and what it is about, never a mail body.',
        querystring: listQuery(['failedAt'] as const, {}),
        response: { 200: z.array(deadLetterResponse) },
      },
    },
    async (req, reply) => {
      const range = req.query.range ?? ([0, 19] as [number, number]);
      const { rows, total } = await app.services.jobs.deadLetters(pageOf(range));
      sendRange(reply, 'jobs', range, rows.length, total);
      return rows.map((r) => ({ ...r, failedAt: r.failedAt.toISOString() }));
    },
  );

  app.post(
    '/jobs/failed/:id/retry',
    {
      config: { auth: 'superAdmin' },
      schema: {
        tags,
        summary: 'Send a failed job to its queue again',
        params: z.object({ id: z.uuid({ error: 'id should be a job id' }) }),
        response: { 202: z.object({ message: z.string() }) },
      },
    },
    async (req, reply) => {
      if (!(await app.services.jobs.retryDeadLetter(req.params.id))) throw notFound('failed job', req.params.id);
      return reply.status(202).send({ message: 'Queued again' });
    },
  );
};
export default deadLetters;
