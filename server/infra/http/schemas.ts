import { z } from 'zod';
import { IMAGE_ASPECTS } from '../../../domain/constants';

export const uploadResult = z.object({
  path: z.string().describe('Storage key of the full-size image, e.g. img/<uuid>.webp; serve it from /api/media/<path>'),
  width: z.number().int(),
  height: z.number().int(),
});

export const aspectField = z.enum(Object.keys(IMAGE_ASPECTS) as [keyof typeof IMAGE_ASPECTS, ...(keyof typeof IMAGE_ASPECTS)[]]);

/** The contract's error body, for the documentation of these routes. */
export const apiError = z.object({ message: z.string(), code: z.string(), errors: z.record(z.string(), z.string()).optional() });

/**
 * A CSV answer, as the contract documents it (text/csv; its errors stay JSON). The handler sends a stream, which the
 * type of a string schema would refuse, so the schema is unknown to TypeScript and a string to the document.
 */
export const csvResponse = (description: string) => ({
  description,
  content: { 'text/csv': { schema: z.unknown().meta({ type: 'string' }) } },
});

/** A file answer (bytes sent as they are stored) in one of `contentTypes`, as the contract documents it. */
export const fileResponse = (description: string, contentTypes: readonly string[]) => ({
  description,
  content: Object.fromEntries(contentTypes.map((type) => [type, { schema: z.unknown().meta({ type: 'string', format: 'binary' }) }])),
});
