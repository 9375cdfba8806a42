import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../infra/http/errors';

/**
 * For routes whose credential is the refresh cookie (refresh, logout), which a browser attaches to any
 * request to us. A page on another site may send a form or a no-CORS fetch here (text/plain, form data, or
 * no body at all) without asking; only `Content-Type: application/json` needs a CORS preflight, which we never
 * grant. So that content type is required, and a browser's own word that the caller is another site
 * (Sec-Fetch-Site: cross-site) is refused outright. Checked on the headers, before the body is read.
 */
export async function sameSiteOnly(req: FastifyRequest): Promise<void> {
  const mediaType = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (mediaType !== 'application/json' || req.headers['sec-fetch-site'] === 'cross-site') throw forbidden(undefined, 'CROSS_SITE');
}
