import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A strong validator for a body: the same bytes always give the same tag, any change gives another. */
export function etagOf(body: string | Buffer): string {
  return `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
}

/** True when the client's If-None-Match names this tag (or `*`), so a 304 with no body answers it. */
export function isFresh(req: FastifyRequest, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === etag || tag === '*';
  });
}

/**
 * Answers a cacheable customers' read: the ETag always, 304 with no body when the client already has it, else the
 * JSON body. `no-cache` lets apps and CDNs keep a copy but makes them revalidate every time, so a change (an item
 * sold out, a post expired) shows at once. Pass `body` already serialized when a route keeps it cached.
 */
export function sendCacheable(req: FastifyRequest, reply: FastifyReply, body: string, etag: string = etagOf(body)) {
  reply.header('ETag', etag).header('Cache-Control', 'public, no-cache').header('Vary', 'Accept-Encoding');
  if (isFresh(req, etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}

/** As sendCacheable, but private: one customer's order or booking is no shared cache's to keep. */
export function sendPrivateCacheable(req: FastifyRequest, reply: FastifyReply, body: string) {
  const etag = etagOf(body);
  reply.header('ETag', etag).header('Cache-Control', 'private, no-cache').header('Vary', 'Accept-Encoding');
  if (isFresh(req, etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}
