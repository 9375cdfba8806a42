import { z } from 'zod';

/**
 * The signed-in user's own preferences, kept by the server so they follow the person, not the device
 * (GET|PATCH /api/me/preferences). Adding one is a field here and its default below.
 */
const orderSoundInvalid = 'Order sound must be true (on) or false (off)';
const preferencesBodyInvalid = 'Send the preferences to change as a JSON object, e.g. { "orderSound": false }';
const unknownPreference = (keys: readonly PropertyKey[]) => `Unknown preference: ${keys.map(String).join(', ')}`;

export const userPreferencesSchema = z.object({
  /** Ring for new orders on the New Orders dashboard. */
  orderSound: z.boolean({ error: orderSoundInvalid }),
});
export type UserPreferences = z.infer<typeof userPreferencesSchema>;

/** What a user who never chose reads. */
export const defaultUserPreferences: UserPreferences = { orderSound: true };

/** PATCH body: any of the preferences; an unknown name is refused rather than silently dropped (a typo changes nothing). */
export const preferencesPatchSchema = z.strictObject(userPreferencesSchema.partial().shape, {
  error: (issue) => (issue.code === 'unrecognized_keys' ? unknownPreference(issue.keys) : preferencesBodyInvalid),
});
export type PreferencesPatch = z.infer<typeof preferencesPatchSchema>;

/** The stored document as the API answers it: defaults fill what was never chosen; names no longer known are dropped. */
export function preferencesFromStored(stored: unknown): UserPreferences {
  const known = userPreferencesSchema.partial().safeParse(stored ?? {});
  return { ...defaultUserPreferences, ...(known.success ? known.data : {}) };
}

/** The dashboard's built-in new-order sounds. */
export const ALERT_SOUNDS = ['default', 'chime', 'bell', 'ding'] as const;
export type AlertSound = (typeof ALERT_SOUNDS)[number];

const mustBeBoolean = (field: string) => `${field} must be true or false`;

/**
 * A member's alerts at one shop (GET|PUT /api/shops/{shopId}/preferences): the mails they get for new orders and
 * new bookings there, and the dashboard's sound. Kept per user and per shop: someone in two shops chooses for each.
 */
export const shopPreferencesSchema = z.object({
  orderPlaced: z.boolean({ error: mustBeBoolean('orderPlaced') }),
  newBooking: z.boolean({ error: mustBeBoolean('newBooking') }),
  sound: z.enum(ALERT_SOUNDS, { error: `sound should be one of ${ALERT_SOUNDS.join(', ')}` }),
  soundOn: z.boolean({ error: mustBeBoolean('soundOn') }),
});
export type ShopPreferences = z.infer<typeof shopPreferencesSchema>;

export const defaultShopPreferences: ShopPreferences = { orderPlaced: true, newBooking: true, sound: 'default', soundOn: true };

/** PUT body: any of the fields; the others keep their value. An unknown name is refused (a typo changes nothing). */
export const shopPreferencesPatchSchema = z.strictObject(shopPreferencesSchema.partial().shape, {
  error: (issue) =>
    issue.code === 'unrecognized_keys'
      ? unknownPreference(issue.keys)
      : 'Send the preferences to change as a JSON object, e.g. { "orderPlaced": false }',
});
export type ShopPreferencesPatch = z.infer<typeof shopPreferencesPatchSchema>;
