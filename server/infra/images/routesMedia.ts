import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../../domain/messages';
import { isSafeKey } from '../storage';
import { VARIANT_WIDTHS } from './encode';
import { notFound } from '../http/errors';
import { apiError, fileResponse } from '../http/schemas';

/** Only what POST /uploads writes: img/<uuid>.<ext>. Variants are asked for with ?w=, never by key. */
const MEDIA_PATH = /^img\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(webp|png)$/;
const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', png: 'image/png' };

const mediaNotFound = (path: string) => notFound('image', path.slice(0, 120));

const media: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/*',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['uploads'],
        summary: 'An uploaded image (full size, or the 300 / 130 px wide variant)',
        params: z.object({ '*': z.string() }),
        querystring: z.object({
          w: z.enum(VARIANT_WIDTHS.map(String) as [string, ...string[]], { error: messages.mediaWidth }).optional(),
        }),
        response: { 200: fileResponse('The image', Object.values(CONTENT_TYPES)), 400: apiError, 404: apiError },
      },
    },
    async (req, reply) => {
      const path = req.params['*'];
      const match = MEDIA_PATH.exec(path);
      if (!match || !isSafeKey(path)) throw mediaNotFound(path);
      const ext = match[1];
      const key = req.query.w ? path.replace(/\.(\w+)$/, `_w${req.query.w}.$1`) : path;
      const object = await app.services.storage.get(key);
      if (!object) throw mediaNotFound(path);
      return (
        reply
          .header('Content-Type', CONTENT_TYPES[ext])
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Security-Policy', "default-src 'none'")
          .header('Content-Disposition', 'inline')
          // Public images may be shown by the console on another host (deployments' mediaBaseUrl).
          .header('Cross-Origin-Resource-Policy', 'cross-origin')
          .send(object.body)
      );
    },
  );
};
export default media;
