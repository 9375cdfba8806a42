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
