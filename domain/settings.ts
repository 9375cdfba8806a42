import type { z } from 'zod';
import { defaultTransactionFee, transactionFeeSchema } from './platform';
import { bookingSchema, defaultBooking, type BookingSettings } from './booking';
import { checkoutFromStored, checkoutSchema, checkoutToStored, defaultCheckout, type CheckoutSettings } from './checkout';
import { anyContactSchema, contactSchema, defaultContact, type Contact } from './contact';
import { customCollectionSchema, defaultCustomCollection, type CustomCollection } from './customCollection';
import { defaultLoyalty, loyaltyFromStored, loyaltySchema, loyaltyToStored, type LoyaltySettings } from './loyalty';
import { defaultKitchen, kitchenFromStored, kitchenSchema, kitchenToStored, type KitchenSettings } from './kitchen';
import { defaultOrderProcess, orderProcessSchema, type OrderProcessSettings } from './orderProcess';
import { defaultTimings, timingsSchema, type Timings } from './timings';
import {
  defaultPizzaSettings,
  keepToppingAvailability,
  pizzaSettingsFromStored,
  pizzaSettingsSchema,
  pizzaSettingsToStored,
} from './catalog/pizzaSettings';
import { defaultStaffPermissions, staffPermissionsSchema, type StaffPermission, type StaffPermissions } from './staffPermissions';
import { defaultShopSecurity, shopSecuritySchema } from './shopSecurity';
import { defaultDeliverySettings, deliveryFromStored, deliverySettingsSchema, deliveryToStored } from './catalog/delivery';

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
  /** The staff permission a USER also needs to write it (ADMINs always have it). */
  writePermission?: StaffPermission;
  /** Saving it changes who may do what: it needs a fresh proof (the password or a code, STEP_UP_SECONDS). */
  stepUp?: boolean;
  /** When the stored shape differs from the API's (money in cents): applied on every write … */
  toStored?(value: T): SettingsDocument;
  /** … and on every read, before the defaults fill what is missing. */
  fromStored?(stored: SettingsDocument): SettingsDocument;
  /** A schema that depends on the shop (the contact phone is a number of the shop's country); `schema` otherwise. */
  schemaFor?(shop: { country: string }): z.ZodType<T>;
  /**
   * Fields another route owns (a pizza topping's availability): a save of the whole document keeps their stored
   * values, so a form opened before a one-click change cannot undo it. Applied to the stored row under its lock.
   */
  keep?(value: T, stored: SettingsDocument | undefined): T;
  /** Image paths the document holds (field → path), each of which must be an image this server stored for the shop. */
  images?(value: T): Record<string, string | null | undefined>;
}

const kind = <T extends SettingsDocument>(k: SettingsKind<T>) => k;

/**
 * Every settings kind's definition, shared with the console. The server serves a kind once an area declares it in
 * its manifest (server/areas/<area>/index.ts, settingsKinds); the endpoint, its checks and the stored row follow.
 */
export const SETTINGS = {
  /** The platform's fee on the shop's card payments (spec 3 §3), in cents; set by platform staff only. */
  transaction_fee: kind({ schema: transactionFeeSchema, defaults: defaultTransactionFee, read: 'superAdmin', write: 'superAdmin' }),
  // The Settings tabs (spec 3 §2.6), store timings (§2.7) and shop contact (spec 1 §2–§3)
  checkout: kind({
    schema: checkoutSchema as z.ZodType<CheckoutSettings>,
    defaults: defaultCheckout,
    read: 'USER',
    write: 'ADMIN',
    toStored: checkoutToStored,
    fromStored: checkoutFromStored,
  }),
  order: kind({
    schema: orderProcessSchema as z.ZodType<OrderProcessSettings>,
    defaults: defaultOrderProcess,
    read: 'USER',
    write: 'ADMIN',
  }),
  /** Auto-accept and the kitchen's capacity per 15-minute slot, by collection type (the orders area serves it). */
  kitchen: kind({
    schema: kitchenSchema as z.ZodType<KitchenSettings>,
    defaults: defaultKitchen,
    read: 'USER',
    write: 'ADMIN',
    toStored: kitchenToStored,
    fromStored: kitchenFromStored,
  }),
  booking: kind({ schema: bookingSchema as z.ZodType<BookingSettings>, defaults: defaultBooking, read: 'USER', write: 'ADMIN' }),
  loyalty: kind({
    schema: loyaltySchema as z.ZodType<LoyaltySettings>,
    defaults: defaultLoyalty,
    read: 'USER',
    write: 'ADMIN',
    toStored: loyaltyToStored,
    fromStored: loyaltyFromStored,
    images: (l) => ({ cardBg: l.cardBg?.path }),
  }),
  custom_collection: kind({
    schema: customCollectionSchema as z.ZodType<CustomCollection>,
    defaults: defaultCustomCollection,
    read: 'USER',
    write: 'ADMIN',
  }),
  timings: kind({ schema: timingsSchema as z.ZodType<Timings>, defaults: defaultTimings, read: 'USER', write: 'ADMIN' }),
  contact: kind({
    schema: anyContactSchema as z.ZodType<Contact>,
    defaults: defaultContact,
    read: 'USER',
    write: 'ADMIN',
    schemaFor: (shop) => contactSchema(shop.country) as z.ZodType<Contact>,
  }),
  /** Spec 3 §2.6, §3: the Pizza Settings tab (sizes and the toppings of pizzas that list none). */
  pizza: kind({
    schema: pizzaSettingsSchema,
    defaults: defaultPizzaSettings,
    read: 'USER',
    write: 'USER',
    writePermission: 'catalog',
    toStored: pizzaSettingsToStored,
    fromStored: pizzaSettingsFromStored,
    keep: keepToppingAvailability,
  }),
  /** Spec 2 §3 "Delivery info": minimum order value and the suburbs delivered to. */
  delivery: kind({
    schema: deliverySettingsSchema,
    defaults: defaultDeliverySettings,
    read: 'USER',
    write: 'USER',
    writePermission: 'catalog',
    toStored: deliveryToStored,
    fromStored: deliveryFromStored,
  }),
  /** What the shop's staff (USERs) may do beyond orders, bookings and sold-out marks; members read it, ADMINs set it. */
  staff_permissions: kind({
    schema: staffPermissionsSchema as z.ZodType<StaffPermissions>,
    defaults: defaultStaffPermissions,
    read: 'USER',
    write: 'ADMIN',
    stepUp: true,
  }),
  /** Whether every member must use two-factor sign-in; ADMINs set it, and turning it off is a change of trust. */
  security: kind({ schema: shopSecuritySchema, defaults: defaultShopSecurity, read: 'ADMIN', write: 'ADMIN', stepUp: true }),
} as const;

export type SettingsKindName = keyof typeof SETTINGS;
export type SettingsValue<K extends SettingsKindName> = (typeof SETTINGS)[K]['defaults'];

/**
 * A stored document as the API answers it: missing fields take the defaults, and a document that no longer fits
 * the schema at all reads as the defaults rather than failing the screen that shows it.
 */
export function readSettings<T extends SettingsDocument>(k: SettingsKind<T>, stored: unknown): T {
  const shared = stored !== null && typeof stored === 'object' && Object.isFrozen(stored);
  const known = shared ? readOfShared.get(stored)?.get(k) : undefined;
  if (known) return known as T;
  const document =
    stored && stored !== ABSENT && typeof stored === 'object' && !Array.isArray(stored) ? (stored as SettingsDocument) : null;
  const merged = document ? { ...k.defaults, ...(k.fromStored ? k.fromStored(document) : document) } : k.defaults;
  const parsed = k.schema.safeParse(merged);
  if (!parsed.success) return k.defaults;
  const value = parsed.data;
  if (!shared) return value;
  const readings = readOfShared.get(stored) ?? new Map<SettingsKind, unknown>();
  readOfShared.set(stored, readings.set(k as unknown as SettingsKind, deepFreeze(value)));
  return value;
}

/** The document storedFromText answers for a shop that has none: readSettings reads it as absent. */
const ABSENT: SettingsDocument = Object.freeze({});
/** Stored documents by their exact JSON text, least recently read first. */
const storedByText = new Map<string, SettingsDocument>();
const TEXTS_KEPT = 2000;
/** What readSettings made of each shared (frozen) stored document, by kind. */
const readOfShared = new WeakMap<object, Map<SettingsKind, unknown>>();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * A stored document from its JSON text (null: the shop has none), parsed once per distinct text and frozen, so every
 * reader shares it and readSettings checks it against its kind's schema once. Placing an order or a booking reads the
 * same few documents of a shop again and again, and checking them cost more than the rest of the rules. Keyed by the
 * exact text, a remembered answer is always the one reading it again would give: a changed document is new text, seen
 * by the next request on every process.
 */
export function storedFromText(text: string | null | undefined): SettingsDocument {
  if (text === null || text === undefined) return ABSENT;
  let stored = storedByText.get(text);
  if (stored) storedByText.delete(text);
  else {
    if (storedByText.size >= TEXTS_KEPT) storedByText.delete(storedByText.keys().next().value!);
    stored = deepFreeze(JSON.parse(text) as SettingsDocument);
  }
  storedByText.set(text, stored);
  return stored;
}
