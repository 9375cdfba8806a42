import { z } from 'zod';

export const SHORTLINK_CODE_MIN = 4;
export const SHORTLINK_CODE_MAX = 32;
/** What a chosen code may hold: it is a path segment, so only URL-safe characters that need no escaping. */
export const SHORTLINK_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
/** Characters of a generated code: lowercase, without the ones read as others (0/o, 1/l/i). */
export const SHORTLINK_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const SHORTLINK_GENERATED_LENGTH = 7;

/** The short link's messages, shared by its routes and its console card. */
export const shortlinkMessages = {
  codeRequired: 'Code is required',
  codeTooShort: `The code should be at least ${SHORTLINK_CODE_MIN} characters`,
  codeTooLong: `The code should not be larger than ${SHORTLINK_CODE_MAX} characters`,
  codeCharacters: 'The code may only hold letters, digits, - and _',
  taken: 'This short link is taken. Try another.',
  copied: 'Short link copied',
  created: 'Short link created',
  changed: 'Short link changed',
};

/** The code an ADMIN chooses (PUT /api/shops/{shopId}/shortlink). Unique across shops, whatever its case. */
export const shortlinkCode = z
  .string({ error: shortlinkMessages.codeRequired })
  .trim()
  .min(1, { error: shortlinkMessages.codeRequired })
  .min(SHORTLINK_CODE_MIN, { error: shortlinkMessages.codeTooShort })
  .max(SHORTLINK_CODE_MAX, { error: shortlinkMessages.codeTooLong })
  .regex(SHORTLINK_CODE_PATTERN, { error: shortlinkMessages.codeCharacters });

export const shortlinkInputSchema = z.object({ code: shortlinkCode });
export type ShortlinkInput = z.input<typeof shortlinkInputSchema>;

/** The shop's short link as the API answers it. */
export const shortlinkSchema = z.object({
  code: z.string(),
  /** The whole link to share: {PUBLIC_URL}/s/{code}. */
  url: z.string(),
  updatedAt: z.string(),
});
export type Shortlink = z.infer<typeof shortlinkSchema>;
