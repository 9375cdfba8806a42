import { z } from 'zod';

/** The words of two-factor sign-in and of the sessions list, written once for the server's answers and the console. */
export const twoFactorMessages = {
  codeRequired: 'Enter the 6-digit code from your authenticator app.',
  wrongCode: 'That code is not right. Check that the app shows the code for this account and try again.',
  setupFirst: 'Start the set-up again: no authenticator is waiting to be confirmed.',
  alreadyOn: 'Two-factor sign-in is already on.',
  notOn: 'Two-factor sign-in is not on.',
  challengeExpired: 'The sign-in took too long. Please sign in again.',
  turnedOn: 'Two-factor sign-in is on.',
  turnedOff: 'Two-factor sign-in is off.',
  sessionSignedOut: 'Signed out of that session.',
  otherSessionsSignedOut: 'Signed out everywhere else.',
  currentPasswordWrong: 'The current password is not right.',
  setupRequired: 'Set up two-factor sign-in first: your account needs it.',
} as const;

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** How long the signed challenge between the password and the code lasts. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;

/** A code from the app (6 digits) or a recovery code (letters and digits, dashes and spaces ignored). */
export const twoFactorCodeSchema = z
  .string({ error: twoFactorMessages.codeRequired })
  .trim()
  .min(1, { error: twoFactorMessages.codeRequired })
  .max(40, { error: twoFactorMessages.wrongCode });

export const twoFactorCodeBody = z.object({ code: twoFactorCodeSchema });

export const twoFactorLoginBody = z.object({
  challenge: z.string({ error: twoFactorMessages.challengeExpired }).min(1, { error: twoFactorMessages.challengeExpired }).max(2000),
  code: twoFactorCodeSchema,
});

/** What sign-in answers instead of a session when the account has two-factor on. */
export const twoFactorChallengeResponse = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
  expiresIn: z.number(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeResponse>;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** The new secret, once: the app reads the URI from the QR code, or the user types the secret. */
export const twoFactorSetupSchema = z.object({ secret: z.string(), uri: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const recoveryCodesSchema = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) });

export const sessionInfoSchema = z.object({
  id: z.string(),
  browser: z.string(),
  os: z.string(),
  /** The approximate place when something local can tell, else the address's network (203.0.113.x). */
  location: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** Browser and operating system from a User-Agent, coarsely: enough for a person to recognise their device. */
export function describeUserAgent(ua: string | null | undefined): { browser: string; os: string } {
  const s = ua ?? '';
  // Order matters: Edge and Chrome on iOS both say Safari, Edge also says Chrome.
  const browser = /Edg(e|A|iOS)?\//.test(s)
    ? 'Edge'
    : /Firefox\/|FxiOS\//.test(s)
      ? 'Firefox'
      : /Chrome\/|CriOS\/|Chromium\//.test(s)
        ? 'Chrome'
        : /Safari\//.test(s) && /Version\//.test(s)
          ? 'Safari'
          : 'Unknown browser';
  const os = /iPhone|iPad|iPod/.test(s)
    ? 'iOS'
    : /Android/.test(s)
      ? 'Android'
      : /Windows/.test(s)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(s)
          ? 'macOS'
          : /Linux|X11|CrOS/.test(s)
            ? 'Linux'
            : 'Unknown system';
  return { browser, os };
}

/** The network of an address, not the address: 203.0.113.x, or the first four groups of an IPv6 address. */
export function networkOf(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.x`;
  if (ip.includes(':')) {
    const groups = ip.split('::')[0].split(':').filter(Boolean).slice(0, 4);
    return `${groups.join(':')}::/64`;
  }
  return null;
}
