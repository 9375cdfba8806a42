import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PageData, Route } from '../../../storefront/types';
import { orderingPagePolicy } from './csp';
import { renderNotFound, renderPage, templateLoader } from './render';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
// Fast settings: a page is compressed on each visit, and these take a 200-item menu's HTML from about 170 kB to a
// tenth of that in a few milliseconds (the bytes a phone on a slow line waits for before the first paint).
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
const GZIP = { level: 6 };

const NOT_BUILT = 'The ordering page is not built yet. Run `npm run build` (npm start does it for you).';

/**
 * The customers' ordering page, /order/{shopId} (with …/checkout, the order's status page …/orders/{orderId}, the
 * table booking form …/book and the booking's page …/bookings/{bookingId}):
 * HTML rendered on the server from the same answers the customers' API gives (asked through app.inject as the
 * visitor, so the per-IP read limit counts them), with that data embedded for the page's script to take over.
 */
const site: FastifyPluginAsyncZod = async (app) => {
  const template = templateLoader(app.consoleDir);
  const csp = orderingPagePolicy({ stripe: app.services.payments.name === 'stripe' });

  /** A storefront GET as the visitor would make it: its JSON when it answers 200, else null. */
  const read = async (req: FastifyRequest, url: string): Promise<{ status: number; body: any }> => {
    const res = await app.inject({ method: 'GET', url, remoteAddress: req.ip, headers: { accept: 'application/json' } });
    return { status: res.statusCode, body: res.statusCode === 200 ? res.json() : null };
  };

  const answer = async (req: FastifyRequest, reply: FastifyReply, status: number, html: string) => {
    reply
      .status(status)
      .header('Content-Security-Policy', csp)
      .header('Cache-Control', 'private, no-cache')
      .header('Vary', 'Accept-Encoding')
      .type('text/html; charset=utf-8');
    const accepts = req.headers['accept-encoding'] ?? '';
    if (/\bbr\b/.test(accepts)) return reply.header('Content-Encoding', 'br').send(await brotli(html, BROTLI));
    if (/\bgzip\b/.test(accepts)) return reply.header('Content-Encoding', 'gzip').send(await gzipped(html, GZIP));
    return reply.send(html);
  };

  async function render(req: FastifyRequest, reply: FastifyReply, shopId: string, route: Route) {
    const html = template();
    if (!html) return reply.status(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
    const api = `/api/storefront/shops/${encodeURIComponent(shopId)}`;
    const page = await read(req, `${api}/page`);
    if (page.status === 404) return answer(req, reply, 404, renderNotFound(html));
    // The read limit, or anything else the API refused: its status, in words.
    if (page.status !== 200) return reply.status(page.status).type('text/plain; charset=utf-8').send(`${page.status}`);
    const status =
      route.name === 'status' && route.token
        ? await read(req, `${api}/orders/${encodeURIComponent(route.orderId)}?token=${encodeURIComponent(route.token)}`)
        : null;
    const booking =
      route.name === 'booking' && route.token
        ? await read(req, `${api}/bookings/${encodeURIComponent(route.bookingId)}?cancelToken=${encodeURIComponent(route.token)}`)
        : null;
    // The status pages and the booking form show the shop, not its menu.
    const [menu, hours, posts, billboards] =
      route.name === 'status' || route.name === 'book' || route.name === 'booking'
        ? [null, null, null, null]
        : await Promise.all([
            read(req, `${api}/menu`),
            read(req, `${api}/hours`),
            read(req, `${api}/posts`),
            read(req, `${api}/billboards`),
          ]);
    const data: PageData = {
      shopId: page.body.shop.id,
      now: app.services.clock.now().toISOString(),
      route,
      page: page.body,
      menu: menu?.body ?? null,
      hours: hours?.body ?? null,
      posts: posts?.body?.data ?? [],
      billboards: billboards?.body?.images ?? [],
      status: status?.body ?? null,
      booking: booking?.body ?? null,
    };
    return answer(req, reply, 200, renderPage(html, data));
  }

  const shopParams = z.object({ shopId: z.string().max(64) });
  const hidden = { hide: true, params: shopParams };
  app.get('/order/:shopId', { schema: hidden }, (req, reply) => render(req, reply, req.params.shopId, { name: 'menu' }));
  app.get('/order/:shopId/checkout', { schema: hidden }, (req, reply) => render(req, reply, req.params.shopId, { name: 'checkout' }));
  app.get(
    '/order/:shopId/orders/:orderId',
    {
      schema: {
        hide: true,
        params: shopParams.extend({ orderId: z.string().max(64) }),
        querystring: z.object({ token: z.string().max(512).optional() }),
      },
    },
    (req, reply) => render(req, reply, req.params.shopId, { name: 'status', orderId: req.params.orderId, token: req.query.token ?? '' }),
  );
  app.get('/order/:shopId/book', { schema: hidden }, (req, reply) => render(req, reply, req.params.shopId, { name: 'book' }));
  app.get(
    '/order/:shopId/bookings/:bookingId',
    {
      schema: {
        hide: true,
        params: shopParams.extend({ bookingId: z.string().max(64) }),
        querystring: z.object({ token: z.string().max(200).optional() }),
      },
    },
    (req, reply) =>
      render(req, reply, req.params.shopId, { name: 'booking', bookingId: req.params.bookingId, token: req.query.token ?? '' }),
  );
};
export default site;
