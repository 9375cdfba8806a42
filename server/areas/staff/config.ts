import { areaConfig, envInt } from '../types';

/** Invitation mails (new and resent) per hour: they carry text the sender chose, to any address. */
export const staffConfig = areaConfig(
  {
    INVITES_PER_HOUR_PER_SHOP: {
      schema: envInt(1, 100_000).default(50),
      default: '`50`',
      readme: 'invitation mails (new and resent) a shop may send per hour',
    },
    INVITES_PER_HOUR_PER_USER: {
      schema: envInt(1, 100_000).default(20),
      default: '`20`',
      readme: 'invitation mails one member may send per hour',
    },
  },
  (e) => ({ invites: { perShopPerHour: e.INVITES_PER_HOUR_PER_SHOP, perUserPerHour: e.INVITES_PER_HOUR_PER_USER } }),
);
