import type { z } from 'zod';
import { messages } from '../../../domain/messages';
import { fieldErrors } from '../../../domain/validation';
import { badRequest } from './errors';

/**
 * A body checked by a domain schema whose rules span fields (refine/superRefine) or transform: a 400 with the
 * first message and `errors.<field path>`, as the settings route answers.
 */
export function validBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const errors = fieldErrors(parsed.error);
  throw badRequest(Object.values(errors)[0] ?? messages.invalidForm, errors, 'VALIDATION');
}
