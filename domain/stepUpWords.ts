// Zod-free: the console's request layer (loaded at start) reads the code without the schemas.
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
