import { z } from 'zod';

/** The words of the step-up (a fresh proof before what moves money or trust), for the server's answers and the console. */
export const stepUpMessages = {
  required: 'Please confirm it is you to continue.',
  passwordRequired: 'Enter your password.',
  passwordWrong: 'That password is not right.',
  codeInstead: 'Two-factor sign-in is on: enter a code from your authenticator app instead of the password.',
  confirmed: 'Thanks, you can go on.',
} as const;

/** What a guarded route answers (403) when the session's last proof is older than the window. */
export const STEP_UP_REQUIRED = 'STEP_UP_REQUIRED';

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
