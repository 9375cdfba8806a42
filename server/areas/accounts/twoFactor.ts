import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { RECOVERY_CODE_COUNT, TOTP_DIGITS, TOTP_PERIOD_SECONDS, twoFactorMessages } from '../../../domain/twoFactor';
import type { Services } from '../../infra/context';
import { hashToken } from '../../infra/auth/tokens';
import { badRequest, conflict, tooManyRequests } from '../../infra/http/errors';
import { claimTwoFactorTry, twoFactorSucceeded } from './loginBackoff';
import { enableTwoFactor, findTwoFactor, removeTwoFactor, savePendingSecret, spendRecoveryCode, spendStep } from './repoTwoFactor';

const ISSUER = 'Servery';
/** A code from the step before or after the current one still counts: phones' clocks drift. */
const DRIFT_STEPS = 1;

const totpFor = (secret: Secret, label: string) =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, secret });

/** The time-step a 6-digit code belongs to (now's, or one either side), or null when it matches none. */
function stepOf(totp: TOTP, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const timestamp = now.getTime();
  const delta = totp.validate({ token: code, timestamp, window: DRIFT_STEPS });
  return delta === null ? null : totp.counter({ timestamp }) + delta;
}

/** Recovery codes: 10 letters and digits with no look-alikes (0/o, 1/l/i), shown as two groups of five. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
function newRecoveryCode(): string {
  const bytes = crypto.randomBytes(10);
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
const normaliseRecovery = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const hashRecovery = (code: string) => hashToken(`recovery:${normaliseRecovery(code)}`);

const wrongCode = () => badRequest(twoFactorMessages.wrongCode, { code: twoFactorMessages.wrongCode }, 'WRONG_CODE');

/** A new secret for the user's app, waiting for a first code. The only time the secret leaves the server. */
export async function startSetup(services: Services, user: { id: string; email: string }) {
  const secret = new Secret({ size: 20 });
  const sealed = await services.credentials.sealText(secret.base32);
  const saved = await savePendingSecret(services.db, user.id, sealed, services.clock.now());
  if (!saved) throw conflict(twoFactorMessages.alreadyOn, 'TWO_FACTOR_ON');
  return { secret: secret.base32, uri: totpFor(secret, user.email).toString() };
}

/** A first code from the app confirms the secret; answers the recovery codes, in clear this once. */
export async function confirmSetup(services: Services, user: { id: string; email: string }, code: string): Promise<string[]> {
  const row = await findTwoFactor(services.db, user.id);
  if (row?.enabledAt) throw conflict(twoFactorMessages.alreadyOn, 'TWO_FACTOR_ON');
  if (!row) throw badRequest(twoFactorMessages.setupFirst, undefined, 'NO_SETUP');
  await claimTry(services, user.id);
  const secret = Secret.fromBase32(await services.credentials.openText(row.secretSealed));
  const now = services.clock.now();
  const step = stepOf(totpFor(secret, user.email), code.replace(/\s/g, ''), now);
  if (step === null) throw wrongCode();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const enabled = await enableTwoFactor(services.db, user.id, step, codes.map(hashRecovery), now);
  if (!enabled) throw conflict(twoFactorMessages.alreadyOn, 'TWO_FACTOR_ON');
  await twoFactorSucceeded(services, user.id);
  return codes;
}

async function claimTry(services: Services, userId: string) {
  const turn = await claimTwoFactorTry(services, userId);
  if (!turn.allowed) throw tooManyRequests(turn.retryAfterSeconds);
}

/**
 * Spends a code from the app (once per time-step, ±1 step of drift) or a recovery code (once), under the account's
 * back-off; a wrong one is a 400. Used by the sign-in step and by turning two-factor off.
 */
export async function spendCode(services: Services, user: { id: string; email: string }, code: string): Promise<void> {
  const row = await findTwoFactor(services.db, user.id);
  if (!row?.enabledAt) throw badRequest(twoFactorMessages.notOn, undefined, 'TWO_FACTOR_OFF');
  await claimTry(services, user.id);
  const now = services.clock.now();
  const digits = code.replace(/\s/g, '');
  let ok: boolean;
  if (/^\d{6}$/.test(digits)) {
    const secret = Secret.fromBase32(await services.credentials.openText(row.secretSealed));
    const step = stepOf(totpFor(secret, user.email), digits, now);
    ok = step !== null && (await spendStep(services.db, user.id, step));
  } else {
    ok = await spendRecoveryCode(services.db, user.id, hashRecovery(code), now);
  }
  if (!ok) throw wrongCode();
  await twoFactorSucceeded(services, user.id);
}

/** Off, with a current code or a recovery code. */
export async function turnOff(services: Services, user: { id: string; email: string }, code: string): Promise<void> {
  await spendCode(services, user, code);
  await removeTwoFactor(services.db, user.id);
}
