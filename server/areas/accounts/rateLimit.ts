import type { FastifyRequest } from 'fastify';
import type { Services } from '../../infra/context';

type LimitedAction = 'login' | 'register' | 'reset' | 'resend' | 'action';

/**
 * Counts one attempt per IP and per account (an e-mail, or the hash of an action code) before any work is done (a password hash, a mail),
 * so neither one address nor a botnet against one account gets unlimited tries.
 */
export async function countAttempt(services: Services, req: FastifyRequest, action: LimitedAction, account: string): Promise<void> {
  const { perIp, perAccount, windowSeconds } = services.config.rateLimit;
  await services.rateLimiter.enforce(
    [
      { key: `ip:${action}:${req.ip}`, limit: perIp },
      { key: `acct:${action}:${account.toLowerCase()}`, limit: perAccount },
    ],
    windowSeconds,
  );
}

/** The per-IP half of countAttempt, for sign-in, whose per-account half is a back-off (loginBackoff.ts). */
export async function countIpAttempt(services: Services, req: FastifyRequest, action: LimitedAction): Promise<void> {
  const { perIp, windowSeconds } = services.config.rateLimit;
  await services.rateLimiter.enforce([{ key: `ip:${action}:${req.ip}`, limit: perIp }], windowSeconds);
}
