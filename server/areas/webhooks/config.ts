import { areaConfig, envBool } from '../types';

export const webhooksConfig = areaConfig(
  {
    WEBHOOKS_ALLOW_PRIVATE: {
      schema: envBool.default(false),
      default: '`false`',
      readme:
        'let webhook endpoints use `http://` and private, loopback or link-local addresses (development and tests ' +
        'only: otherwise they are refused when an endpoint is saved and again when its name resolves at delivery)',
    },
  },
  (e) => ({ allowPrivate: e.WEBHOOKS_ALLOW_PRIVATE }),
);
