import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionResponse } from '../../../domain/account';
import type { Services } from '../../infra/context';
import { createSession, setRefreshCookie } from '../../infra/auth/sessions';
import { toUser, type findUserById } from './repo';
import { noteSignIn } from './devices';
import { twoFactorRequired } from './repoRequiredTwoFactor';

type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

/**
 * The end of every sign-in (password alone, or password then code): a session, its cookie, and a new device's mail.
 * An account that must have two-factor (platform or shop rule) and has not gets a session that may only set it up;
 * `twoFactorOn` says the code was just given, so the rule is met.
 */
export async function finishSignIn(
  services: Services,
  req: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  twoFactorOn = false,
): Promise<SessionResponse> {
  const userAgent = req.headers['user-agent'];
  const twoFactorSetupOnly = !twoFactorOn && (await twoFactorRequired(services.db, user));
  const session = await createSession(services, user.id, userAgent, req.ip, { twoFactorSetupOnly });
  await noteSignIn(services, user, userAgent, req.ip);
  setRefreshCookie(reply, services, session.refreshToken);
  return {
    accessToken: session.accessToken,
    expiresIn: session.expiresIn,
    user: { ...toUser(user), ...(twoFactorSetupOnly && { twoFactorSetupRequired: true }) },
  };
}
