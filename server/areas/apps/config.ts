import { areaConfig, envInt } from '../types';

export const appsConfig = areaConfig(
  {
    DEVICE_REGISTRATIONS_PER_MINUTE: {
      schema: envInt(1, 1_000_000).default(120),
      default: '`120`',
      readme:
        'device registrations (`POST /api/storefront/apps/{bundleId}/devices`) per client IP per minute, ' +
        'counted in PostgreSQL across processes',
    },
  },
  (e) => ({ devices: { registrationsPerMinute: e.DEVICE_REGISTRATIONS_PER_MINUTE } }),
);
