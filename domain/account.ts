import { z } from 'zod';
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from './constants';
import { messages } from './messages';

export const emailSchema = z
  .string({ error: messages.emailInvalid })
  .trim()
  .max(EMAIL_MAX, { error: messages.emailInvalid })
  .pipe(z.email({ error: messages.emailInvalid }))
  .transform((e) => e.toLowerCase());

/** Accepted exactly as typed: no trimming, 8 to 256 characters. */
export const passwordSchema = z
  .string({ error: messages.passwordMin })
  .min(PASSWORD_MIN, { error: messages.passwordMin })
  .max(PASSWORD_MAX, { error: messages.passwordMax });

export const nameSchema = z
  .string({ error: messages.nameRequired })
  .trim()
  .min(1, { error: messages.nameRequired })
  .max(NAME_MAX, { error: `Name should not be larger than ${NAME_MAX} characters` });

/** Where to go after an e-mail action: a path on this site only (no `//host`, no `/\host`, no control characters). */
const CONTINUE_PATH_MAX = 300;
const continuePathInvalid = 'The continue path must be a path on this site.';
export const continuePathSchema = z
  .string({ error: continuePathInvalid })
  .max(CONTINUE_PATH_MAX, { error: continuePathInvalid })
  // Control characters are exactly what the path must not contain.
  // eslint-disable-next-line no-control-regex
  .regex(/^\/(?![/\\])[^\u0000-\u001f\u007f]*$/, { error: continuePathInvalid });

export const registerBody = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: nameSchema,
  continuePath: continuePathSchema.optional(),
});
export const loginBody = z.object({
  email: emailSchema,
  password: z.string({ error: messages.passwordMin }).min(1, { error: messages.passwordMin }).max(PASSWORD_MAX),
});
export const resetBody = z.object({
  email: z.string({ error: messages.resetEmailRequired }).trim().min(1, { error: messages.resetEmailRequired }).pipe(emailSchema),
});
export const ACTION_MODES = ['resetPassword', 'verifyEmail'] as const;
export type ActionMode = (typeof ACTION_MODES)[number];
export const actionQuery = z.object({
  mode: z.string({ error: messages.unknownMode }),
  oobCode: z.string({ error: messages.missingActionCode }).min(1, { error: messages.missingActionCode }),
});
export const actionBody = actionQuery.extend({ newPassword: passwordSchema.optional() });

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  isSuperAdmin: z.boolean(),
  /** Present (true) when this session may only set two-factor up (the account must have it and has not): the console shows the set-up. */
  twoFactorSetupRequired: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;

export const sessionResponse = z.object({ accessToken: z.string(), expiresIn: z.number(), user: userSchema });
export type SessionResponse = z.infer<typeof sessionResponse>;

export function initials(name: string | undefined, email?: string): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length >= 2) return (parts[0][0] + parts[parts.length - 1][0]).toUpperCase();
  if (parts.length === 1) return parts[0].slice(0, 2).toUpperCase();
  return (email ?? '?').slice(0, 1).toUpperCase();
}
