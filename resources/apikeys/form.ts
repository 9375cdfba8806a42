import { z } from 'zod';
import { apiKeyInputSchema, apiKeyMessages } from '../../domain/apiKeys';
import { isCalendarDay } from '../../domain/dateSchemas';
import { format, messages } from '../../domain/messages';

/** The end of a calendar day where the browser is: a key chosen to expire on a day works through that day. */
export const endOfDay = (day: string) => new Date(`${day}T23:59:59.999`);

/**
 * The create dialog's form: the domain's name and scopes, and the expiry as a day ('' for none) that must not have
 * ended yet. Sent as the instant that day ends; the server checks it is in the future again.
 */
export const apiKeyForm = (now: () => Date = () => new Date()) =>
  z
    .object({
      name: apiKeyInputSchema.shape.name,
      scopes: apiKeyInputSchema.shape.scopes,
      expiresAt: z
        .string()
        .refine((d) => d === '' || isCalendarDay(d), { error: format(messages.isoDay, { name: 'Expiry' }) })
        .refine((d) => d === '' || !isCalendarDay(d) || endOfDay(d) > now(), { error: apiKeyMessages.expiryInPast }),
    })
    .transform((v) => ({ ...v, expiresAt: v.expiresAt ? endOfDay(v.expiresAt).toISOString() : null }));

export type ApiKeyFormValues = { name: string; scopes: string[]; expiresAt: string };
