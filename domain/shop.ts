import { z } from 'zod';
import { staffPermissionsSchema } from './staffPermissions';
import { LISTING_STATUSES, REJECT_REASON_MAX, SELLER_ROLES, SHOP_DESCRIPTION, SHOP_LOCALITY, SHOP_NAME, SHOP_TYPES } from './constants';
import { SHOP_COUNTRIES, timezonesFor } from './countries';
import { messages } from './messages';
import { requiredMsg, text } from './validation';

export const imageRef = z.object(
  {
    path: z
      .string({ error: requiredMsg('Logo') })
      .min(1, { error: requiredMsg('Logo') })
      .max(300),
  },
  { error: requiredMsg('Logo') },
);

export const listingStatus = z.enum(LISTING_STATUSES);
export type ListingStatus = z.infer<typeof listingStatus>;
export const sellerRole = z.enum(SELLER_ROLES);
export type SellerRole = z.infer<typeof sellerRole>;

const shopEditable = {
  name: text('Name', SHOP_NAME),
  description: text('Description', SHOP_DESCRIPTION),
  locality: text('Locality', SHOP_LOCALITY),
  logo: imageRef,
  timezone: z.string({ error: requiredMsg('Timezone') }).min(1, { error: requiredMsg('Timezone') }),
};

/** Country and category (type) are chosen on create only (spec 1 §5). */
export const shopCreateBody = z
  .object({
    ...shopEditable,
    type: z.enum(SHOP_TYPES, { error: requiredMsg('Category') }),
    country: z.enum(SHOP_COUNTRIES, { error: requiredMsg('Country') }),
  })
  .superRefine((s, ctx) => {
    if (!timezonesFor(s.country).includes(s.timezone)) {
      ctx.addIssue({ code: 'custom', path: ['timezone'], message: `Choose a time zone of ${s.country}` });
    }
  });
export type ShopCreate = z.infer<typeof shopCreateBody>;

export const shopUpdateBody = z.object(shopEditable);
export type ShopUpdate = z.infer<typeof shopUpdateBody>;

export const shopSchema = z.object({
  id: z.string(),
  type: z.string(),
  name: z.string(),
  description: z.string(),
  locality: z.string(),
  logo: z.object({ path: z.string() }).nullable(),
  timezone: z.string(),
  country: z.string(),
  countries: z.array(z.string()).nullable(),
  demo: z.boolean(),
  updatedBy: z.string().nullable(),
  listing: z.object({ status: listingStatus, rejectReason: z.string().nullable() }),
  role: sellerRole.nullable().optional(),
  /** What the caller may do at the shop (one shop's answer only): every permission for its ADMINs and super admins. */
  permissions: staffPermissionsSchema.optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Shop = z.infer<typeof shopSchema>;

export const rejectBody = z.object({
  rejectReason: z
    .string({ error: messages.rejectReasonRequired })
    .trim()
    .min(1, { error: messages.rejectReasonRequired })
    .max(REJECT_REASON_MAX, { error: `should not be larger than ${REJECT_REASON_MAX} characters` }),
});
