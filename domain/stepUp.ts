import { z } from 'zod';

export { stepUpMessages, STEP_UP_REQUIRED } from './stepUpWords';
import { stepUpMessages } from './stepUpWords';

/** POST /me/step-up: the password, or (with two-factor on) a code from the app or a recovery code. */
export const stepUpBody = z.object({
  password: z.string().max(256, { error: stepUpMessages.passwordWrong }).optional(),
  code: z.string().trim().max(40).optional(),
});
export type StepUpBody = z.infer<typeof stepUpBody>;

/** What a proof answers: until when the session may move money or trust (the window from now). */
export const stepUpResponse = z.object({ message: z.string(), validUntil: z.string() });

/** What the console asks for: the password, or a code when two-factor is on (GET /me/step-up). */
export const stepUpStatusSchema = z.object({
  method: z.enum(['password', 'code']),
  /** Whether the session's last proof is still inside the window. */
  fresh: z.boolean(),
  validUntil: z.string().nullable(),
});
export type StepUpStatus = z.infer<typeof stepUpStatusSchema>;
