import type { Services } from '../../infra/context';
import { staffConfig } from './config';

const HOUR_SECONDS = 3600;

/**
 * Every invitation (new or resent) sends a mail, to any address, carrying the sender's name and the shop's name:
 * without a limit a member could use the platform to spam. Counted per shop and per sender before the mail goes.
 */
export async function countInviteMail(services: Services, shopId: string, userId: string): Promise<void> {
  const { perShopPerHour, perUserPerHour } = staffConfig.of(services.config).invites;
  await services.rateLimiter.enforce(
    [
      { key: `invite:shop:${shopId}`, limit: perShopPerHour },
      { key: `invite:user:${userId}`, limit: perUserPerHour },
    ],
    HOUR_SECONDS,
  );
}
