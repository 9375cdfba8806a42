import type { Services } from '../../infra/context';
import { sessionUser } from '../../infra/auth/sessionUser';
import { actingRole } from '../../infra/auth/sellerRole';

/** Who a stream was opened for: the session that opened it and the shop it reads. */
export interface StreamOwner {
  userId: string;
  sessionId: string;
  shopId: string;
}

/**
 * Whether the stream may still read its shop: the checks the guard and the shop scope made when it opened, made again
 * (the session is live and not expired, the e-mail verified, and the user is a seller of the shop or a super admin).
 */
export async function streamStillAllowed(services: Pick<Services, 'db' | 'clock'>, s: StreamOwner): Promise<boolean> {
  const user = await sessionUser(services.db, s.sessionId, s.userId, services.clock.now());
  if (!user?.verified) return false;
  return (await actingRole(s.shopId, services.db, { id: user.id, isSuperAdmin: user.isSuperAdmin })) !== null;
}
