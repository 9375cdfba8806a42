import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DATE_YEARS, dateFields, isCalendarDay, type DateField } from '../../domain/dateSchemas';

/**
 * Every date the API accepts is built by domain/dateSchemas.ts, which registers what it builds. Loading every module
 * that may build one (the domain, and the areas' routes and schemas, where query strings are declared) fills the
 * registry; the property tests below then walk all of it, so a new date field cannot be left out.
 */
const ROOT = path.resolve(__dirname, '../..');
const sources = (dir: string, keep: (file: string) => boolean) =>
  fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && keep(path.basename(f)))
    .map((f) => path.join(ROOT, dir, f));
const DOMAIN = sources('domain', () => true);
const AREA_SCHEMAS = sources('server/areas', (f) => /^(routes.*|schemas|settingsKinds)\.ts$/.test(f));

const RUNS = { seed: 42, numRuns: 400 };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const yearOf = fc.integer({ min: 0, max: 9999 });

/** 'YYYY-MM-DD' of any year 0–9999, months 0–13 and days 0–32, so many are no calendar day at all. */
const dayText = fc
  .tuple(yearOf, fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
  .map(([y, m, d]) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`);

const offsetText = fc.oneof(
  fc.constant('Z'),
  fc
    .tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 14 }), fc.constantFrom(0, 30, 45))
    .map(([s, h, m]) => `${s}${pad(h)}:${pad(m)}`),
);
const instantText = fc
  .tuple(dayText, fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 60 }), offsetText)
  .map(([d, h, m, s, o]) => `${d}T${pad(h)}:${pad(m)}:${pad(s)}${o}`);

const yearZero = new Date(0);
yearZero.setUTCFullYear(0, 0, 1);
const anyInstant = fc.date({ min: yearZero, max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true }).map((d) => d.toISOString());

const EDGES = [
  '0020-02-29T00:00:00Z',
  '0000-01-01T00:00:00Z',
  '1999-12-31T23:59:59.999Z',
  '2000-01-01T00:00:00Z',
  '2000-01-01T00:30:00+01:00',
  '2100-12-31T23:59:59.999Z',
  '2101-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '2023-02-29T00:00:00Z',
  '2024-02-29T12:00:00+11:00',
  '0020-02-29',
  '1999-12-31',
  '2000-01-01',
  '2100-12-31',
  '2101-01-01',
  '2023-02-29',
  '2024-02-29',
  '2026-04-31',
];

const inputs = (kind: DateField['kind']) =>
  fc.oneof(
    kind === 'instant' ? instantText : dayText,
    kind === 'instant' ? anyInstant : anyInstant.map((t) => t.slice(0, 10)),
    fc.constantFrom(...EDGES),
    fc.string(),
    fc.anything(),
  );

const yearsOk = (year: number) => year >= DATE_YEARS.first && year <= DATE_YEARS.last;

beforeAll(async () => {
  for (const file of [...DOMAIN, ...AREA_SCHEMAS]) await import(file);
}, 60_000);

describe('the dates the API accepts', () => {
  it('are all built by the domain builders (no date schema is written by hand)', () => {
    const handMade = /z\.iso\.|z\.date\(|coerce\.date|\\d\{4\}-/;
    const offenders = [...DOMAIN, ...sources('server/areas', () => true)]
      .filter((f) => !f.endsWith(path.join('domain', 'dateSchemas.ts')))
      .filter((f) => handMade.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(ROOT, f));
    expect(offenders).toEqual([]);
  });

  it('are registered, every area that takes one included', () => {
    // Each builder call in the source is one schema in the registry: none is built late (inside a route plugin), where
    // loading the module would not build it.
    const calls = [...DOMAIN, ...AREA_SCHEMAS].map((f) => fs.readFileSync(f, 'utf8').match(/\b(instant|day)\('/g)?.length ?? 0);
    expect(dateFields().length).toBe(calls.reduce((a, b) => a + b, 0));
    const labels = new Set(dateFields().map((f) => f.label));
    for (const label of [
      'Publish at',
      'Expire at',
      'until',
      'collectionTime',
      'Date',
      'Start Date',
      'End Date',
      'from',
      'to',
      'placedAt_gte',
      'redeemedTime_gte',
      'date_gte',
      'pausedUntil',
    ])
      expect(labels, label).toContain(label);
  });

  it('accept only real instants from 2000 to 2100, and refuse the others naming the field', () => {
    const instants = dateFields().filter((f) => f.kind === 'instant');
    expect(instants.length).toBeGreaterThan(10);
    for (const { label, schema } of instants) {
      fc.assert(
        fc.property(inputs('instant'), (value) => {
          const parsed = schema.safeParse(value);
          if (parsed.success) {
            const at = new Date(parsed.data);
            expect(Number.isNaN(at.getTime())).toBe(false);
            expect(yearsOk(at.getUTCFullYear())).toBe(true);
          } else {
            for (const issue of parsed.error.issues) expect(issue.message).toContain(label);
          }
        }),
        RUNS,
      );
    }
  });

  it('accept only real calendar days from 2000 to 2100, and refuse the others naming the field', () => {
    const days = dateFields().filter((f) => f.kind === 'day');
    expect(days.length).toBeGreaterThan(4);
    for (const { label, schema } of days) {
      fc.assert(
        fc.property(inputs('day'), (value) => {
          const parsed = schema.safeParse(value);
          if (parsed.success) {
            expect(isCalendarDay(parsed.data)).toBe(true);
            expect(yearsOk(Number(parsed.data.slice(0, 4)))).toBe(true);
            expect(new Date(`${parsed.data}T00:00:00Z`).toISOString().slice(0, 10)).toBe(parsed.data);
          } else {
            for (const issue of parsed.error.issues) expect(issue.message).toContain(label);
          }
        }),
        RUNS,
      );
    }
  });

  it('accept every instant and day of 2000 to 2100', () => {
    const inRange = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59.999Z'), noInvalidDate: true });
    for (const { kind, label, schema } of dateFields()) {
      fc.assert(
        fc.property(inRange, (d) => {
          const value = kind === 'instant' ? d.toISOString() : d.toISOString().slice(0, 10);
          expect(schema.safeParse(value).success, `${label} ${value}`).toBe(true);
        }),
        { ...RUNS, numRuns: 50 },
      );
    }
  });

  it('say which field and which years when a date is out of range, and give one message for a malformed one', () => {
    const publishAt = dateFields().find((f) => f.label === 'Publish at')!;
    const messagesOf = (value: unknown) => publishAt.schema.safeParse(value).error?.issues.map((i) => i.message);
    expect(messagesOf('0020-02-29T00:00:00Z')).toEqual(['Publish at should be a date between 2000 and 2100']);
    expect(messagesOf('tomorrow')).toEqual(['Publish at should be an ISO date and time']);
    const date = dateFields().find((f) => f.label === 'Date')!;
    expect(date.schema.safeParse('2101-01-01').error?.issues.map((i) => i.message)).toEqual([
      'Date should be a date between 2000 and 2100',
    ]);
  });
});
