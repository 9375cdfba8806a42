import type { z } from 'zod';
import { defaultTransactionFee, transactionFeeSchema } from './platform';

/** Who may read or write a kind: members of the shop, its ADMINs, or platform staff only. */
export type SettingsRole = 'USER' | 'ADMIN' | 'superAdmin';

export type SettingsDocument = Record<string, unknown>;

/** One document a shop keeps under GET|PUT /api/shops/{shopId}/settings/{kind}. */
export interface SettingsKind<T extends SettingsDocument = SettingsDocument> {
  schema: z.ZodType<T>;
  /** What an absent document reads as, and what fills fields a document stored in an older shape lacks. */
  defaults: T;
  read: SettingsRole;
  write: SettingsRole;
}

const kind = <T extends SettingsDocument>(k: SettingsKind<T>) => k;

/**
 * Every settings kind. Adding one is one entry here: the endpoint, its checks and the stored row follow from it.
 */
export const SETTINGS = {
  /** The platform's fee on the shop's card payments (spec 3 §3), in cents; set by platform staff only. */
  transaction_fee: kind({ schema: transactionFeeSchema, defaults: defaultTransactionFee, read: 'superAdmin', write: 'superAdmin' }),
} as const;

export type SettingsKindName = keyof typeof SETTINGS;
export type SettingsValue<K extends SettingsKindName> = (typeof SETTINGS)[K]['defaults'];
export const SETTINGS_KINDS = Object.keys(SETTINGS) as SettingsKindName[];

/** The registry entry for a kind named in a URL; undefined for anything else (including `__proto__`). */
export function settingsKind(name: string): SettingsKind | undefined {
  return Object.hasOwn(SETTINGS, name) ? SETTINGS[name as SettingsKindName] : undefined;
}

/**
 * A stored document as the API answers it: missing fields take the defaults, and a document that no longer fits
 * the schema at all reads as the defaults rather than failing the screen that shows it.
 */
export function readSettings<T extends SettingsDocument>(k: SettingsKind<T>, stored: unknown): T {
  const merged = stored && typeof stored === 'object' && !Array.isArray(stored) ? { ...k.defaults, ...stored } : k.defaults;
  const parsed = k.schema.safeParse(merged);
  return parsed.success ? parsed.data : k.defaults;
}
