import { z } from 'zod';
import { messages } from './messages';
import { emailSchema, passwordSchema } from './account';
import { sellerRole } from './shop';

export const inviteBody = z.object({
  to: z.string({ error: messages.inviteEmailRequired }).trim().min(1, { error: messages.inviteEmailRequired }).pipe(emailSchema),
  role: sellerRole.default('USER'),
});

export const addUserBody = z.object({ email: emailSchema, password: passwordSchema });

export const inviteAnswerQuery = z.object({
  action: z.enum(['accept', 'reject'], { error: messages.invitationMissingAction }),
  token: z.string({ error: messages.invitationMissingToken }).min(1, { error: messages.invitationMissingToken }),
});

export const sellerSchema = z.object({ uid: z.string(), email: z.string(), name: z.string(), role: sellerRole });
export type Seller = z.infer<typeof sellerSchema>;

export const inviteSchema = z.object({
  id: z.string(),
  toUid: z.string(),
  created: z.string(),
  fromEmail: z.string(),
  toEmail: z.string(),
  role: sellerRole,
  expiresAt: z.string(),
});
export type Invite = z.infer<typeof inviteSchema>;
