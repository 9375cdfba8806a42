import { z } from 'zod';
import { format } from 'date-fns';
import { tz } from '@date-fns/tz';
import { instant } from './dateSchemas';
import { auditFieldHidden, auditFieldIsMoney, auditFieldLabel, auditValueText } from './auditFields';

export { auditValueText, auditRecordName } from './auditFields';

/**
 * What the audit log records, by kind. A settings document's kind is `settings.<its kind>` (settings.checkout,
 * settings.menu, settings.transaction_fee…); filtering by `settings` finds them all, as `stripe` finds every
 * stripe.* change.
 */
export const AUDIT_KINDS = [
  'shop',
  'settings',
  'item',
  'coupon',
  'closure',
  'staff',
  'invitation',
  'stripe',
  'refund',
  'order_reject',
  'api_key',
  'webhook',
  'two_factor',
  'sign_in',
  'platform',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_ACTIONS = ['insert', 'update', 'delete'] as const;

/** A record's images, secrets already masked by whoever wrote them (the trigger, recordChange). */
export type AuditImage = Record<string, unknown>;

export interface AuditChange {
  /** A dot path into the record (`doc.options`, `price_cents`, `hours.monday`). */
  field: string;
  /** The field as a person reads it ("Price"). */
  label: string;
  before: unknown;
  after: unknown;
  /** The values as a person reads them (3.50, not 350; '' for nothing). */
  beforeText: string;
  afterText: string;
  /** The shop's currency when the field is money. */
  currency: string | null;
}

/** What reading an entry needs to know about its shop. */
export interface AuditReading {
  currency: string;
  timeZone: string;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Nested objects become dot paths; arrays and scalars are values compared whole. */
function flatten(image: AuditImage | null | undefined, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  for (const [key, value] of Object.entries(image ?? {})) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(value) && Object.keys(value).length) flatten(value, path, out);
    else out.set(path, value);
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields that differ between a record's images, in the record's order (a new record: every field, before
 * undefined; a deleted one: every field, after undefined), named and valued as a person reads them
 * (domain/auditFields.ts). The one place a before and an after become a list of changes, for the API and its CSV.
 */
export function auditChanges(
  kind: string,
  before: AuditImage | null | undefined,
  after: AuditImage | null | undefined,
  reading: AuditReading,
): AuditChange[] {
  const was = flatten(before);
  const now = flatten(after);
  const fields = [...new Set([...was.keys(), ...now.keys()])];
  return fields
    .filter((f) => !auditFieldHidden(f) && !same(was.get(f), now.get(f)))
    .flatMap((field) => {
      const money = auditFieldIsMoney(kind, field);
      const text = (v: unknown) => auditValueText(v, { money, timeZone: reading.timeZone });
      const [beforeText, afterText] = [text(was.get(field)), text(now.get(field))];
      // A new record's empty field (no image, no note) is no change anyone made; null → '' neither.
      if (!beforeText && !afterText) return [];
      return {
        field,
        label: auditFieldLabel(kind, field),
        before: was.get(field) ?? null,
        after: now.get(field) ?? null,
        beforeText,
        afterText,
        currency: money ? reading.currency : null,
      };
    });
}

/** One change as a line: "Price: 3.00 → 3.50 AUD". */
export const auditChangeLine = (c: AuditChange, nothing = '—') =>
  `${c.label}: ${c.beforeText || nothing} → ${c.afterText || nothing}${c.currency ? ` ${c.currency}` : ''}`;

/** Card and bank numbers never reach the log beyond their last four. */
export const lastFour = (digits: string | null | undefined) => (digits ? digits.replace(/\D/g, '').slice(-4) : null);

export const auditEntrySchema = z.object({
  id: z.number().int(),
  shopId: z.string().nullable(),
  shopName: z.string().nullable().describe('null for the platform’s own entries and members’ account changes'),
  at: z.string().describe('ISO instant'),
  actor: z.object({
    userId: z.string().nullable(),
    name: z.string().nullable(),
    apiKeyId: z.string().nullable().describe('Set when an API key made the change (userId is then its creator)'),
    apiKeyName: z.string().nullable(),
  }),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  kind: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  recordId: z.string().nullable(),
  recordName: z.string().nullable().describe("What names the record, where it has a name: the item's name, the coupon's code"),
  changes: z.array(
    z.object({
      field: z.string().describe('The column or dot path that changed'),
      label: z.string().describe('The field as a person reads it ("Price")'),
      before: z.unknown(),
      after: z.unknown(),
      beforeText: z.string().describe('The value as a person reads it: money in currency units (3.50), yes/no, times on the shop’s clock'),
      afterText: z.string(),
      currency: z.string().nullable().describe('The shop’s currency when the field is money'),
    }),
  ),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Someone who appears in a log: a member, or an API key. */
export const auditActorSchema = z.object({
  id: z.string(),
  type: z.enum(['user', 'api_key']),
  name: z.string(),
});
export type AuditActor = z.infer<typeof auditActorSchema>;

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
  error: 'actor should be a member’s or an API key’s id',
});

/** The log's filters: who (a member's or a key's id), which kind (and its sub-kinds), from and to (inclusive, exclusive). */
export const auditFilterShape = {
  actor: uuid.optional(),
  kind: z
    .string()
    .regex(/^[a-z_]+(\.[a-z_]+)?$/, { error: 'kind should be one of the log’s kinds' })
    .optional(),
  from: instant('from').optional(),
  to: instant('to').optional(),
};

/** The platform's log adds which shop ('platform' for the platform's own and members' account changes). */
export const platformAuditFilterShape = {
  ...auditFilterShape,
  shopId: z.union([z.literal('platform'), uuid.transform((s) => s.toLowerCase())]).optional(),
};

export const AUDIT_CSV_COLUMNS = [
  'When',
  'Shop',
  'Who',
  'API key',
  'IP',
  'Browser',
  'Kind',
  'Action',
  'Record',
  'Field',
  'Before',
  'After',
] as const;

/** An entry's time for a CSV: ISO 8601 on the given clock (the shop's), offset included, so a spreadsheet can sort it. */
export const auditCsvTime = (at: string, timeZone: string) => format(new Date(at), "yyyy-MM-dd'T'HH:mm:ssXXX", { in: tz(timeZone) });

/** One CSV row per changed field (an entry with none, a deletion of nothing, still gets its row). */
export function auditCsvRows(entry: AuditEntry, timeZone: string): string[][] {
  const head = [
    auditCsvTime(entry.at, timeZone),
    entry.shopName ?? entry.shopId ?? '',
    entry.actor.name ?? '',
    entry.actor.apiKeyName ?? '',
    entry.ip ?? '',
    entry.userAgent ?? '',
    entry.kind,
    entry.action,
    entry.recordName ?? entry.recordId ?? '',
  ];
  if (!entry.changes.length) return [[...head, '', '', '']];
  return entry.changes.map((c) => [...head, c.currency ? `${c.label} (${c.currency})` : c.label, c.beforeText, c.afterText]);
}
