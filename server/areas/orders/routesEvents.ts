import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerResponse } from 'node:http';
import { shopParams } from '../../infra/http/params';
import type { ShopEvent } from '../../infra/events';

/** Comment lines at this interval keep proxies and the browser from timing an idle stream out. */
export const HEARTBEAT_MS = 15_000;

const frame = (e: ShopEvent) => `id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify(e.data)}\n\n`;

/**
 * GET /shops/:shopId/events: the shop's live updates as Server-Sent Events (ARCHITECTURE.md "Live updates").
 * A reconnecting client sends Last-Event-ID (or ?lastEventId=) and gets every event after it, in order.
 * POST /shops/:shopId/events/ticket trades the access token for a short-lived ticket EventSource can put in the URL.
 */
const events: FastifyPluginAsyncZod = async (app) => {
  const open = new Set<ServerResponse>();
  // Streams never finish by themselves: end them so the server can close (and clients reconnect elsewhere).
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
    await app.services.events.close();
  });

  app.post(
    '/events/ticket',
    {
      schema: {
        tags: ['orders'],
        summary: 'A stream ticket for EventSource',
        description: 'Valid for 60 seconds, only for this shop\'s event stream (?ticket=).',
        params: shopParams,
        response: { 200: z.object({ ticket: z.string(), expiresIn: z.number() }) },
      },
    },
    async (req) => {
      const { token, expiresIn } = await app.services.streamTickets.issue({ sub: req.user!.id, sid: req.user!.sessionId }, req.params.shopId, app.services.clock.now());
      return { ticket: token, expiresIn };
    },
  );

  app.get(
    '/events',
    {
      config: { streamTicket: true },
      schema: {
        tags: ['orders'],
        summary: 'Live updates (Server-Sent Events)',
        description:
          'Events order.created, order.updated, busy.updated with JSON data; id from a per-shop sequence. Send Last-Event-ID or ?lastEventId= to resume. Bearer header or ?ticket= from POST events/ticket.',
        params: shopParams,
        querystring: z.object({ lastEventId: z.coerce.number().int().min(0).optional(), ticket: z.string().optional() }),
        headers: z.object({ 'last-event-id': z.coerce.number().int().min(0).optional() }).loose(),
      },
    },
    async (req, reply) => {
      const { shopId } = req.params;
      const hub = app.services.events;
      const resumeFrom = req.headers['last-event-id'] ?? req.query.lastEventId;
      const lastId = resumeFrom ?? (await hub.latestId(shopId));
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      // The starting id comes first, so a client cut before any event still resumes from here (SSE keeps the last id
      // it saw, even of an event it does not listen to).
      res.write(`retry: 3000\nid: ${lastId}\nevent: ready\ndata: {"lastEventId":${lastId}}\n\n`);
      open.add(res);
      const unsubscribe = await hub.subscribe(shopId, {
        lastId,
        deliver: (list) => void res.write(list.map(frame).join('')),
      });
      const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
      const end = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(res);
      };
      res.on('close', end);
      res.on('error', end);
    },
  );
};
export default events;
