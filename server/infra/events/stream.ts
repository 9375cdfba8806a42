import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { format, messages } from '../../../domain/messages';
import { hashToken } from '../auth/tokens';
import { conflict, TooManyRequests, unauthorized } from '../http/errors';
import { shopParams } from '../http/params';
import type { ShopEvent } from './hub';
import { STREAM_TICKET_SECONDS } from './tickets';
import { registryPresenter, type EventRegistry } from './registry';
import { MAX_STREAMS_PER_USER, OpenStreams, type OpenStream } from './openStreams';
import { eventStreamReply } from './eventStreamReply';
import { streamStillAllowed } from './streamAccess';

/**
 * Comment lines at this interval keep proxies and the browser from timing an idle stream out; each also checks the
 * stream's session and shop role again (the safety net under the access notifications).
 */
export const HEARTBEAT_MS = 15_000;

/** An event without data (one the presenter could not read) still moves the client's last id past it, unseen. */
const frame = (e: ShopEvent) =>
  e.data === null ? `id: ${e.id}\n\n` : `id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify(e.data)}\n\n`;

/** The events the areas declare, one line each, for the stream's documentation. */
const eventList = (registry: EventRegistry) =>
  Object.entries(registry)
    .map(([type, d]) => `${type}: ${d.description}`)
    .join('; ');

/**
 * GET /shops/:shopId/events: the shop's live updates as Server-Sent Events (ARCHITECTURE.md "Live updates").
 * A reconnecting client sends Last-Event-ID (or ?lastEventId=) and gets every event after it, in order.
 * POST /shops/:shopId/events/ticket trades the access token for a short-lived ticket EventSource can put in the URL.
 * A stream ends as soon as its access does (logout, the session revoked or expired, removal from the shop, a super
 * admin demoted): the database notifies every process (ACCESS_CHANNEL), and each heartbeat checks again anyway.
 */
export function eventStream(registry: EventRegistry): FastifyPluginAsyncZod {
  return async (app) => {
    const { services } = app;
    // Each page of events is presented once, in the shape the areas' lists answer, whatever number of streams it goes to.
    services.events.usePresenter(registryPresenter(registry, services.db));
    const streams = new OpenStreams(
      (s) => streamStillAllowed(services, s),
      (msg) => app.log.warn(msg),
    );
    const stopListening = services.events.onAccessChange((userId) => streams.recheck(userId));
    // Streams never finish by themselves: end them so the server can close (and clients reconnect elsewhere).
    app.addHook('preClose', async () => {
      stopListening();
      for (const s of streams.all()) s.end();
      await services.events.close();
    });

    /** A ticket opens one stream: a copy of its URL (a shared screen, a proxy's log) cannot open another. */
    async function spendTicket(ticket: string) {
      const first = await services.rateLimiter.hit([{ key: `stream-ticket:${hashToken(ticket)}`, limit: 1 }], STREAM_TICKET_SECONDS);
      if (!first) throw conflict(messages.streamTicketUsed, 'TICKET_USED');
    }

    app.post(
      '/events/ticket',
      {
        schema: {
          tags: ['events'],
          summary: 'A stream ticket for EventSource',
          description: "Valid for 60 seconds, only for this shop's event stream (?ticket=), and opens one stream.",
          params: shopParams,
          response: { 200: z.object({ ticket: z.string(), expiresIn: z.number() }) },
        },
      },
      async (req) => {
        const { token, expiresIn } = await services.streamTickets.issue(
          { sub: req.user!.id, sid: req.user!.sessionId },
          req.params.shopId,
          services.clock.now(),
        );
        return { ticket: token, expiresIn };
      },
    );

    app.get(
      '/events',
      {
        config: { streamTicket: true },
        schema: {
          tags: ['events'],
          summary: 'Live updates (Server-Sent Events)',
          description:
            `Events (JSON data, id from a per-shop sequence): ${eventList(registry)}. ` +
            'An event first says ready (data {lastEventId}). ' +
            'Send Last-Event-ID or ?lastEventId= to resume. ' +
            'Bearer header or ?ticket= from POST events/ticket (a ticket opens one stream: 409 the second time). ' +
            `At most ${MAX_STREAMS_PER_USER} open streams per user (429 with Retry-After beyond). ` +
            'The stream ends when the session ends or the caller loses access to the shop.',
          params: shopParams,
          querystring: z.object({ lastEventId: z.coerce.number().int().min(0).optional(), ticket: z.string().optional() }),
          headers: z.object({ 'last-event-id': z.coerce.number().int().min(0).optional() }).loose(),
        },
      },
      async (req, reply) => {
        const { shopId } = req.params;
        const hub = services.events;
        let ended = false;
        let live = false;
        let cleanup = () => undefined as void;
        const stream: OpenStream = {
          userId: req.user!.id,
          sessionId: req.user!.sessionId,
          shopId,
          end: () => {
            ended = true;
            if (!live) return;
            cleanup();
            reply.raw.end();
          },
        };
        // Taken before anything is awaited, so streams opened at the same moment cannot all slip under the cap.
        if (!streams.tryAdd(stream)) {
          // A stream frees up at the latest when its next heartbeat finds it closed.
          throw new TooManyRequests(HEARTBEAT_MS / 1000, format(messages.tooManyStreams, { n: MAX_STREAMS_PER_USER }), 'TOO_MANY_STREAMS');
        }
        let lastId: number;
        try {
          // The guard read the ticket only when no Bearer header came.
          if (req.query.ticket !== undefined && !req.headers.authorization?.startsWith('Bearer ')) await spendTicket(req.query.ticket);
          const resumeFrom = req.headers['last-event-id'] ?? req.query.lastEventId;
          lastId = resumeFrom ?? (await hub.latestId(shopId));
          // Access ended (a notification, checked) while this was being set up.
          if (ended) throw unauthorized();
        } catch (e) {
          streams.remove(stream);
          throw e;
        }
        const res = eventStreamReply(reply);
        live = true;
        // The starting id comes first, so a client cut before any event still resumes from here (SSE keeps the last id
        // it saw, even of an event it does not listen to).
        res.write(`retry: 3000\nid: ${lastId}\nevent: ready\ndata: {"lastEventId":${lastId}}\n\n`);
        let unsubscribe = () => undefined as void;
        const stopHeartbeat = services.clock.every(HEARTBEAT_MS, () => {
          res.write(': heartbeat\n\n');
          void streams.check(stream);
        });
        cleanup = () => {
          cleanup = () => undefined;
          stopHeartbeat();
          unsubscribe();
          streams.remove(stream);
        };
        res.on('close', () => cleanup());
        res.on('error', () => cleanup());
        const off = await hub.subscribe(shopId, { lastId, deliver: (list) => void res.write(list.map(frame).join('')) });
        // Closed (or ended for lost access) while subscribing: nothing else will unsubscribe it.
        if (ended || res.destroyed) off();
        else unsubscribe = off;
      },
    );
  };
}
