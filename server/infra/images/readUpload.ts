import type { FastifyRequest } from 'fastify';
import { format, messages } from '../../../domain/messages';
import { AppError, badRequest } from '../http/errors';

interface UploadParts {
  file: Buffer | null;
  fields: Record<string, string>;
}

const tooLarge = (maxBytes: number) =>
  new AppError(413, format(messages.uploadTooLarge, { mb: Math.round((maxBytes / 1024 / 1024) * 10) / 10 }), 'TOO_LARGE');

/**
 * Reads the multipart body: the first file part named `file` (buffered, within the configured size limit)
 * and the text fields. Other file parts are drained and ignored.
 */
export async function readUpload(req: FastifyRequest, maxBytes: number): Promise<UploadParts> {
  if (!req.isMultipart()) throw badRequest(messages.selectImage, undefined, 'NO_FILE');
  let file: Buffer | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const body = await part.toBuffer();
        if (part.fieldname === 'file' && !file) file = body;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw badRequest(messages.invalidForm, undefined, 'TOO_MANY_PARTS');
    }
    throw e;
  }
  return { file, fields };
}
