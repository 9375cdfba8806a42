import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Papa from 'papaparse';
import { stringify } from 'csv-stringify/sync';
import { DOWS } from '../../../domain/catalog/availability';
import { itemInput } from '../../../domain/catalog/item';
import { itemCsvColumns, itemCsvRow, quoteCell, readItemCsvRow, unquoteCell, type CsvItem } from '../../../domain/catalog/itemCsv';
import { formulaSafe } from '../../../server/infra/http/formulaSafe';

/** Text made of what breaks CSVs and spreadsheets: separators, quotes, line ends, formula starts, a leading '. */
const tricky = (maxLength: number) =>
  fc
    .string({
      unit: fc.constantFrom('a', 'Z', ' ', ',', ';', '"', "'", '\n', '\r\n', '=', '+', '-', '@', '\t', 'é', '🍕', '1', '.'),
      maxLength,
    })
    .map((s) => s.trim())
    .filter((s) => s.length > 0 && s.length <= maxLength);
const cents = fc.integer({ min: 0, max: 100_000_000 }).map((c) => c / 100);
const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) }).map((t) => new Date(t).toISOString());
const availability = fc.oneof(
  fc.constant({ soldOut: false, until: null }),
  fc.constant({ soldOut: true, until: null }),
  instant.map((until) => ({ soldOut: true, until })),
);
const hhmm = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const attribute = fc.record({
  name: tricky(40),
  multiple: fc.boolean(),
  optional: fc.boolean(),
  // Mostly none: most generated limits do not fit the values, and the schema refuses those items.
  min: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null, freq: 1 }),
  max: fc.option(fc.integer({ min: 1, max: 2 }), { nil: null, freq: 1 }),
  values: fc.array(fc.record({ name: tricky(40), extraCharge: cents, availability }), { minLength: 1, maxLength: 4 }),
});
const common = {
  name: tricky(32),
  discounted: fc.boolean(),
  dows: fc.subarray([...DOWS]),
  timeOfDayApplicable: fc.option(fc.record({ from: hhmm, to: hhmm }), { nil: null }),
  image: fc.option(
    fc.record({ image: fc.constantFrom('img/a.webp', 'img/b c.webp'), aspectRatio: fc.constantFrom('none', 'SQUARE', 'FOUR_THREE') }),
    {
      nil: null,
    },
  ),
  attributes: fc.array(attribute, { maxLength: 3 }),
};
const basic = fc.record({ type: fc.constant('BASIC'), ...common, description: fc.oneof(fc.constant(''), tricky(400)), price: cents });
const pizza = fc.record({
  type: fc.constant('PIZZA'),
  ...common,
  description: tricky(200),
  price: cents,
  sizes: fc.dictionary(tricky(24), fc.record({ price: cents, hasHalfAndHalf: fc.boolean() }), { minKeys: 1, maxKeys: 3 }),
  removeToppings: fc.array(tricky(24), { maxLength: 3 }),
  addToppings: fc.constant([]),
});
const deal = fc.record({
  type: fc.constant('DEAL'),
  ...common,
  description: fc.constant(''),
  price: cents,
  dealItems: fc.array(fc.record({ name: tricky(32), qty: fc.integer({ min: 1, max: 99 }), attributes: fc.constant([]) }), { maxLength: 2 }),
  dealPizzas: fc.constant([]),
});

/** Items the item schema takes (generated ones it refuses, say a min above the values, are no CSV question). */
const csvItem = fc
  .record({
    id: fc.option(fc.uuid(), { nil: null }),
    input: fc.oneof(basic, pizza, deal),
    availability,
    categories: fc.uniqueArray(tricky(24), { maxLength: 3 }),
  })
  .map((x) => ({ ...x, parsed: itemInput.safeParse(x.input) }))
  .filter((x) => x.parsed.success)
  .map(({ parsed, ...x }): CsvItem => ({ ...x, input: parsed.data! }));

/** Through a real file: written as the export writes it, parsed as the console parses it. */
function throughFile(items: CsvItem[]) {
  const rows = items.map(itemCsvRow);
  const columns = itemCsvColumns(rows);
  const file = stringify(
    rows.map((r) => columns.map((c) => r[c] ?? '')),
    { header: true, columns, bom: true, cast: { string: quoteCell(formulaSafe) } },
  );
  const parsed = Papa.parse<Record<string, string>>(file.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return { file, rows: parsed.data.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, unquoteCell(v)]))) };
}

describe('menu CSV: flatten and read back', () => {
  it('reads back every item exactly, whatever its text, options, sold-out states and categories', () => {
    fc.assert(
      fc.property(fc.array(csvItem, { minLength: 1, maxLength: 4 }), (items) => {
        const { rows } = throughFile(items);
        expect(rows.map((r) => readItemCsvRow(r))).toEqual(items.map((item) => ({ item, errors: [] })));
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it('leaves no cell a spreadsheet would run as a formula', () => {
    fc.assert(
      fc.property(fc.array(csvItem, { minLength: 1, maxLength: 3 }), (items) => {
        const cells = Papa.parse<string[]>(throughFile(items).file.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data.flat();
        for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      }),
      { numRuns: 100 },
    );
  }, 60_000);

  it('says a blank optional cell means its default: no options, no sold out, every day', () => {
    expect(readItemCsvRow({ type: 'basic', name: 'Tea', price: '3' })).toEqual({
      item: {
        id: null,
        availability: { soldOut: false, until: null },
        categories: [],
        input: expect.objectContaining({
          type: 'BASIC',
          name: 'Tea',
          price: 3,
          description: '',
          attributes: [],
          dows: [],
          discounted: false,
        }),
      },
      errors: [],
    });
  });
});
