import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { format, messages } from '../../../domain/messages';
import { shopParams } from '../http/params';
import { apiError } from '../http/schemas';
import { registryPresenter, type EventRegistry } from './registry';

export const FEED_DEFAULT_LIMIT = 100;
export const FEED_MAX_LIMIT = 500;

/** Nothing prunes shop_events: rows stay as long as their shop does (deleting the shop deletes them). */
export const FEED_RETENTION =
  'Event rows are kept for as long as the shop exists (nothing prunes them; they are deleted with the shop), so any ' +
  'event id from the stream or the feed can be resumed from.';

const afterError = { error: messages.feedAfter };
const limitError = { error: format(messages.feedLimit, { min: 1, max: FEED_MAX_LIMIT }) };

const feedQuery = z.object({
  after: z.coerce
    .number(afterError)
    .int(afterError)
    .min(0, afterError)
    .max(Number.MAX_SAFE_INTEGER, afterError)
    .optional()
    .describe('The last event id the caller has (absent: from the oldest kept)'),
  limit: z.coerce
    .number(limitError)
    .int(limitError)
    .min(1, limitError)
    .max(FEED_MAX_LIMIT, limitError)
    .default(FEED_DEFAULT_LIMIT)
    .describe(`Events per page, 1 to ${FEED_MAX_LIMIT}`),
});

const feedPage = z.object({
  events: z.array(
    z.object({
      id: z.number(),
      type: z.string(),
      at: z.string(),
      data: z.record(z.string(), z.unknown()).nullable(),
    }),
  ),
  next: z.number().nullable(),
});

/**
 * GET /shops/:shopId/events/feed: the shop's event log as JSON pages, for what cannot hold a stream open (an
 * integration polling with an API key). The same ids and payloads as the stream, read from the same rows.
 */
export function eventFeed(registry: EventRegistry): FastifyPluginAsyncZod {
  return async (app) => {
    const { services } = app;
    const present = registryPresenter(registry, services.db);

    app.get(
      '/events/feed',
      {
        schema: {
          tags: ['events'],
          summary: "The shop's event log, a page at a time",
          description:
            'Oldest first, after the event id in ?after= (absent: from the oldest kept), at most ?limit= events ' +
            `(default ${FEED_DEFAULT_LIMIT}, at most ${FEED_MAX_LIMIT}). Ids and data as the stream (GET events) ` +
            'delivers them; an event of a type no longer declared comes with data null. next is the id to pass as ' +
            `after for the following page, or null once caught up (then pass the last id received). ${FEED_RETENTION}`,
          params: shopParams,
          querystring: feedQuery,
          response: { 200: feedPage, 400: apiError },
        },
      },
      async (req) => {
        const { shopId } = req.params;
        const { after = 0, limit } = req.query;
        // One row more than the page says whether another page follows.
        const { rows } = await services.pool.query<{ seq: string; type: string; data: Record<string, unknown>; created_at: Date }>(
          'SELECT seq, type, data, created_at FROM shop_events WHERE shop_id = $1 AND seq > $2 ORDER BY seq LIMIT $3',
          [shopId, after, limit + 1],
        );
        const page = rows.slice(0, limit);
        const shown = await present(
          shopId,
          page.map((r) => ({ id: Number(r.seq), type: r.type, data: r.data })),
        );
        const events = shown.map((e, i) => ({ id: e.id, type: e.type, at: page[i].created_at.toISOString(), data: e.data }));
        return { events, next: rows.length > limit ? events[events.length - 1].id : null };
      },
    );
  };
}
