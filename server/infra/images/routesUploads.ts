import crypto from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { format, messages } from '../../../domain/messages';
import { badRequest } from '../http/errors';
import { encodeUpload } from './encode';
import { apiError, aspectField, uploadResult } from '../http/schemas';
import { images } from '../db/tables';
import { readUpload } from './readUpload';

const uploads: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      config: { auth: 'verified' },
      schema: {
        tags: ['uploads'],
        summary: 'Upload an image',
        description:
          'multipart/form-data with a field `file` (JPEG, PNG, WebP, GIF or AVIF, checked by content) and an optional field `aspect` ' +
          '(SQUARE, SIXTEEN_NINE, FOUR_TWO, FOUR_TWO_POINT_FIVE, FOUR_THREE, FOUR_FIVE, FOUR_SIX). The image is re-encoded ' +
          '(WebP, or PNG when it has transparency) and stored with variants of width 300 and 130.',
        consumes: ['multipart/form-data'],
        response: { 201: uploadResult, 400: apiError, 413: apiError, 429: apiError },
      },
    },
    async (req, reply) => {
      const { storage, db, config, rateLimiter } = app.services;
      // Counted before the body is read: decoding and re-encoding images is the costliest thing a user can ask for.
      await rateLimiter.enforce([{ key: `upload:${req.user!.id}`, limit: config.upload.perMinute }], 60);
      const { file, fields } = await readUpload(req, config.upload.maxBytes);
      let aspect: ReturnType<typeof aspectField.parse> | undefined;
      if (fields.aspect !== undefined && fields.aspect !== '') {
        const parsed = aspectField.safeParse(fields.aspect);
        if (!parsed.success) {
          const message = format(messages.uploadUnknownAspect, { aspect: fields.aspect.slice(0, 40) });
          throw badRequest(message, { aspect: message }, 'VALIDATION');
        }
        aspect = parsed.data;
      }
      if (!file || file.length === 0) throw badRequest(messages.selectImage, { file: messages.selectImage }, 'NO_FILE');

      const image = await encodeUpload(file, { maxPixels: config.upload.maxPixels }, aspect);

      // Keys come from the server alone; nothing the client sent ends up in a path.
      const id = crypto.randomUUID();
      const path = `img/${id}.${image.ext}`;
      const objects = [
        { key: path, body: image.body },
        ...image.variants.map((v) => ({ key: `img/${id}_w${v.width}.${image.ext}`, body: v.body })),
      ];
      try {
        // Wait for every write to settle before judging, so a cleanup never races a put still in flight.
        const puts = await Promise.allSettled(objects.map((o) => storage.put(o.key, o.body, image.contentType)));
        const failed = puts.find((p) => p.status === 'rejected');
        if (failed) throw failed.reason;
        await db
          .insert(images)
          .values({ path, ownerId: req.user!.id, format: image.ext, width: image.width, height: image.height, bytes: image.body.length });
      } catch (e) {
        // Leave nothing behind that no row points to.
        await Promise.allSettled(objects.map((o) => storage.delete(o.key)));
        throw e;
      }
      return reply.status(201).send({ path, width: image.width, height: image.height });
    },
  );
};
export default uploads;
