import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CREDENTIAL_FILE_MAX_BYTES, CREDENTIAL_FILES, credentialFile } from '../../../domain/apps';
import { messages } from '../../../domain/messages';
import { AppError, badRequest } from '../../infra/http/errors';
import { putCredentialFile } from './serviceStores';
import { apiError } from '../../infra/http/schemas';

/** PUT /whitelabel/apps/{bundleId}/files/{kind}: a credential file (APNs certificate, Google services file), sealed at rest. */
const credentialFiles: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/apps/:bundleId/files/:kind',
    {
      schema: {
        tags: ['whitelabel'],
        summary: 'Upload a credential file',
        description:
          'multipart/form-data with one field `file` (at most 256 KB). Kinds: apnsCert, appstoreGoogleServices, playstoreGoogleServices.',
        consumes: ['multipart/form-data'],
        params: z.object({ bundleId: z.string().min(1).max(200), kind: z.enum(CREDENTIAL_FILES) }),
        response: { 200: credentialFile, 400: apiError, 404: apiError, 413: apiError },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw badRequest(messages.credentialFileMissing, { file: messages.credentialFileMissing }, 'NO_FILE');
      let body: Buffer;
      const part = await req.file({ limits: { fileSize: CREDENTIAL_FILE_MAX_BYTES } });
      if (!part) throw badRequest(messages.credentialFileMissing, { file: messages.credentialFileMissing }, 'NO_FILE');
      try {
        body = await part.toBuffer();
      } catch (e) {
        if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError(413, messages.credentialFileTooLarge, 'TOO_LARGE');
        throw e;
      }
      if (body.length === 0) throw badRequest(messages.credentialFileMissing, { file: messages.credentialFileMissing }, 'NO_FILE');
      const { db, credentials, storage, clock } = app.services;
      return putCredentialFile(db, credentials, storage, req.params.bundleId, req.params.kind, { name: part.filename, body }, clock.now());
    },
  );
};
export default credentialFiles;
