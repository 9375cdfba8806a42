import { z } from 'zod';
import { areaConfig } from '../types';

export const shortlinkConfig = areaConfig(
  {
    ORDERING_PAGE_URL: {
      schema: z
        .url()
        .refine((v) => v.includes('{shopId}'), {
          error: "must contain {shopId}, where the shop's id goes (https://order.example.com/shops/{shopId})",
        })
        .optional(),
      default: '`$PUBLIC_URL/order/{shopId}`',
      readme: "where a shop's short link (`/s/{code}`) redirects; must contain `{shopId}` (the server refuses to start otherwise)",
    },
  },
  (e, app) => ({
    /** Where a shop's short link redirects: a URL with `{shopId}` in it. Default: the shop's ordering page on this server. */
    orderingPageUrl: e.ORDERING_PAGE_URL ?? `${app.publicUrl}/order/{shopId}`,
  }),
);
