import { z } from 'zod';
import { format } from '../messages';
import { text } from '../validation';
import { availabilitySchema, type Availability } from './availability';
import { itemInput, type ItemInput } from './item';
import { CATEGORY_NAME_MAX, MAX_CATEGORIES } from './menu';

/*
 * The menu CSV (docs/menu-csv.md): one row per item, every part of the item a seller edits in a spreadsheet in a
 * column of its own, so an exported file imported unchanged reads back as the very items it came from. Pizza sizes
 * and toppings and a deal's parts are one JSON cell (`details`): they are keyed by size names and pizza ids that only
 * make sense beside the shop's settings, and columns for them would multiply by every size.
 */

/** Most rows one import takes (one request, one transaction). */
export const ITEM_CSV_MAX_ROWS = 2000;

export const itemCsvMessages = {
  tooManyRows: `A file may have at most ${ITEM_CSV_MAX_ROWS.toLocaleString('en')} rows`,
  unknownColumn: 'Unknown column',
  yesOrNo: 'should be yes or no',
  notANumber: 'should be a number',
  soldOut: 'should be yes, no or the instant it is back (as exported)',
  detailsJson: 'should be the JSON the export wrote',
  detailsOnlyPizzaDeal: 'Only pizzas and deals have details',
  noSuchItem: 'No item of this shop has this id',
  idTwice: 'The row on line %{line} has this id too',
  nothingImported: 'Nothing was imported: %{n} rows have errors',
  tooManyCategories: `This new category would make more than the menu's ${MAX_CATEGORIES} categories`,
};

export type CsvCells = Record<string, string>;

/** An item as one CSV row holds it. */
export interface CsvItem {
  /** null: a row without an id creates an item. */
  id: string | null;
  input: ItemInput;
  availability: Availability;
  /** Names of the menu categories that list the item, in menu order. */
  categories: string[];
}

export interface CellError {
  column: string;
  message: string;
}

const BASE_COLUMNS = [
  'id',
  'type',
  'name',
  'description',
  'price',
  'sold_out',
  'no_discount',
  'days',
  'from',
  'to',
  'image',
  'image_aspect_ratio',
];
const OPTION_FIELDS = ['multiple', 'optional', 'min', 'max'] as const;
const CHOICE_FIELDS = ['price', 'sold_out'] as const;
/** Far above the item schema's limits (30 attributes of 60 values): a column number beyond it is a typing slip. */
const MAX_COLUMN_NUMBER = 999;

type Column =
  | { kind: 'base' | 'details' }
  | { kind: 'category'; n: number }
  | { kind: 'option'; n: number; field: (typeof OPTION_FIELDS)[number] | null }
  | { kind: 'choice'; n: number; m: number; field: (typeof CHOICE_FIELDS)[number] | null };

/** What a header names; null for a column the CSV does not have. */
export function classifyColumn(name: string): Column | null {
  if (BASE_COLUMNS.includes(name)) return { kind: 'base' };
  if (name === 'details') return { kind: 'details' };
  const num = (s: string) => {
    const n = Number(s);
    return n >= 1 && n <= MAX_COLUMN_NUMBER ? n : null;
  };
  let m = /^category([1-9]\d*)$/.exec(name);
  if (m) return num(m[1]) ? { kind: 'category', n: Number(m[1]) } : null;
  m = /^option([1-9]\d*)(?:_(multiple|optional|min|max))?$/.exec(name);
  if (m) return num(m[1]) ? { kind: 'option', n: Number(m[1]), field: (m[2] as (typeof OPTION_FIELDS)[number]) ?? null } : null;
  m = /^option([1-9]\d*)_choice([1-9]\d*)(?:_(price|sold_out))?$/.exec(name);
  if (m && num(m[1]) && num(m[2]))
    return { kind: 'choice', n: Number(m[1]), m: Number(m[2]), field: (m[3] as (typeof CHOICE_FIELDS)[number]) ?? null };
  return null;
}

const yesNo = (b: boolean) => (b ? 'yes' : 'no');
const amount = (n: number) => n.toFixed(2);
const soldOutCell = (a: Availability | undefined) => (!a?.soldOut ? 'no' : (a.until ?? 'yes'));

function details(input: ItemInput): string {
  if (input.type === 'PIZZA')
    return JSON.stringify({ sizes: input.sizes, removeToppings: input.removeToppings, addToppings: input.addToppings });
  if (input.type === 'DEAL') return JSON.stringify({ dealItems: input.dealItems, dealPizzas: input.dealPizzas });
  return '';
}

/** One item as its CSV cells (only the category, option and choice columns it fills). */
export function itemCsvRow({ id, input, availability, categories }: CsvItem): CsvCells {
  const cells: CsvCells = {
    id: id ?? '',
    type: input.type,
    name: input.name,
    description: input.description,
    price: amount(input.price),
    sold_out: soldOutCell(availability),
    no_discount: yesNo(input.discounted),
    days: input.dows.join(' '),
    from: input.timeOfDayApplicable?.from ?? '',
    to: input.timeOfDayApplicable?.to ?? '',
    image: input.image?.image ?? '',
    image_aspect_ratio: input.image?.aspectRatio ?? '',
    details: details(input),
  };
  categories.forEach((c, i) => (cells[`category${i + 1}`] = c));
  input.attributes.forEach((a, i) => {
    const o = `option${i + 1}`;
    Object.assign(cells, {
      [o]: a.name,
      [`${o}_multiple`]: yesNo(a.multiple),
      [`${o}_optional`]: yesNo(a.optional),
      [`${o}_min`]: a.min === null ? '' : String(a.min),
      [`${o}_max`]: a.max === null ? '' : String(a.max),
    });
    a.values.forEach((v, j) => {
      const c = `${o}_choice${j + 1}`;
      Object.assign(cells, { [c]: v.name, [`${c}_price`]: amount(v.extraCharge), [`${c}_sold_out`]: soldOutCell(v.availability) });
    });
  });
  return cells;
}

/** The header for these rows: the base columns, as many categories, options and choices as any row fills, details. */
export function itemCsvColumns(rows: CsvCells[]): string[] {
  let categories = 0;
  const choices: number[] = [];
  for (const row of rows) {
    for (const name of Object.keys(row)) {
      const c = classifyColumn(name);
      if (c?.kind === 'category') categories = Math.max(categories, c.n);
      if (c?.kind === 'option') choices[c.n - 1] = Math.max(choices[c.n - 1] ?? 0, 0);
      if (c?.kind === 'choice') choices[c.n - 1] = Math.max(choices[c.n - 1] ?? 0, c.m);
    }
  }
  const columns = BASE_COLUMNS.slice(0, 3);
  for (let n = 1; n <= categories; n++) columns.push(`category${n}`);
  columns.push(...BASE_COLUMNS.slice(3));
  for (let n = 1; n <= choices.length; n++) {
    const o = `option${n}`;
    columns.push(o, ...OPTION_FIELDS.map((f) => `${o}_${f}`));
    for (let m = 1; m <= (choices[n - 1] ?? 0); m++) columns.push(`${o}_choice${m}`, ...CHOICE_FIELDS.map((f) => `${o}_choice${m}_${f}`));
  }
  columns.push('details');
  return columns;
}

/**
 * A spreadsheet runs a cell starting with = + - @ tab or CR as a formula, so the export puts a ' before it; it also
 * puts one before a cell that starts with ' itself, so that taking one leading ' off on import gives back every cell
 * exactly. `formulaSafe` is the server's guard for the first rule.
 */
export const quoteCell = (formulaSafe: (v: string) => string) => (value: string) =>
  value.startsWith("'") ? `'${value}` : formulaSafe(value);
export const unquoteCell = (value: string) => (value.startsWith("'") ? value.slice(1) : value);

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** What the cells say, in the shapes the item schema takes; a cell that is not even the right kind is an error. */
class CellReader {
  errors: CellError[] = [];
  constructor(private cells: CsvCells) {}
  text(column: string): string {
    return (this.cells[column] ?? '').trim();
  }
  /** A number, or undefined for a blank cell (the schema then says what it says of a missing value). */
  number(column: string): number | undefined {
    const v = this.text(column);
    if (v === '') return undefined;
    if (NUMBER.test(v)) return Number(v);
    this.errors.push({ column, message: itemCsvMessages.notANumber });
    return undefined;
  }
  flag(column: string): boolean {
    const v = this.text(column).toLowerCase();
    if (['yes', 'y', 'true', '1'].includes(v)) return true;
    if (['', 'no', 'n', 'false', '0'].includes(v)) return false;
    this.errors.push({ column, message: itemCsvMessages.yesOrNo });
    return false;
  }
  availability(column: string): Availability {
    const v = this.text(column);
    const lower = v.toLowerCase();
    if (['', 'no', 'n', 'false', '0'].includes(lower)) return { soldOut: false, until: null };
    if (['yes', 'y', 'true', '1'].includes(lower)) return { soldOut: true, until: null };
    const parsed = availabilitySchema.safeParse({ soldOut: true, until: v });
    if (parsed.success) return parsed.data;
    this.errors.push({ column, message: itemCsvMessages.soldOut });
    return { soldOut: false, until: null };
  }
}

/** Where an issue of the item schema at `path` points in the row; `options[i]`/`choices[i][j]` give the numbers. */
function columnOf(path: readonly PropertyKey[], options: number[], choices: number[][]): string {
  const [head, i, sub, j, leaf] = path;
  switch (head) {
    case 'discounted':
      return 'no_discount';
    case 'dows':
      return 'days';
    case 'timeOfDayApplicable':
      return i === 'to' ? 'to' : 'from';
    case 'image':
      return i === 'aspectRatio' ? 'image_aspect_ratio' : 'image';
    case 'attributes': {
      if (typeof i !== 'number') return 'option1';
      const o = `option${options[i] ?? i + 1}`;
      if (sub === 'values' && typeof j === 'number') {
        const c = `${o}_choice${choices[i]?.[j] ?? j + 1}`;
        return leaf === 'extraCharge' ? `${c}_price` : leaf === 'availability' ? `${c}_sold_out` : c;
      }
      return typeof sub === 'string' && sub !== 'name' && sub !== 'values' ? `${o}_${sub}` : o;
    }
    case 'sizes':
    case 'removeToppings':
    case 'addToppings':
    case 'dealItems':
    case 'dealPizzas':
      return 'details';
    default:
      return typeof head === 'string' ? head : 'name';
  }
}

/** The column a server check's field path (`image.image`, `dealPizzas.0.size`) names, for rows read in order. */
export function columnOfField(field: string): string {
  const path = field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  return columnOf(path, [], []);
}

/** In a details cell the path inside the JSON says where; elsewhere the column does. */
const located = (column: string, path: readonly PropertyKey[], message: string) =>
  column === 'details' ? `${path.map(String).join('.')}: ${message}` : message;

const categoryName = text('Name', { min: 1, max: CATEGORY_NAME_MAX });

/** Numbers of the columns of one kind that have something in them, in order. */
function filled(cells: CsvCells, test: (c: Column) => number | null): number[] {
  const ns = new Set<number>();
  for (const [name, value] of Object.entries(cells)) {
    const c = classifyColumn(name);
    const n = c ? test(c) : null;
    if (n !== null && value.trim() !== '') ns.add(n);
  }
  return [...ns].sort((a, b) => a - b);
}

/**
 * Reads one row (cells already unquoted) back into an item, with the item form's own schema, so a bad cell gets the
 * form's message word for word, under the column it came from.
 */
export function readItemCsvRow(cells: CsvCells): { item: CsvItem | null; errors: CellError[] } {
  const r = new CellReader(cells);
  const type = r.text('type').toUpperCase();
  const from = r.text('from');
  const to = r.text('to');
  const image = r.text('image');
  const options = filled(cells, (c) => (c.kind === 'option' || c.kind === 'choice' ? c.n : null));
  const choices = options.map((n) => filled(cells, (c) => (c.kind === 'choice' && c.n === n ? c.m : null)));
  const raw: Record<string, unknown> = {
    type,
    name: r.text('name'),
    description: r.text('description'),
    price: r.number('price'),
    discounted: r.flag('no_discount'),
    dows: r
      .text('days')
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((d) => d.toUpperCase()),
    timeOfDayApplicable: from || to ? { from, to } : null,
    image: image ? { image, aspectRatio: r.text('image_aspect_ratio') } : null,
    attributes: options.map((n, i) => {
      const o = `option${n}`;
      return {
        name: r.text(o),
        multiple: r.flag(`${o}_multiple`),
        optional: r.flag(`${o}_optional`),
        min: r.number(`${o}_min`) ?? null,
        max: r.number(`${o}_max`) ?? null,
        values: choices[i].map((m) => {
          const c = `${o}_choice${m}`;
          // A blank price is no extra charge: what a seller means when adding a choice by hand.
          return { name: r.text(c), extraCharge: r.number(`${c}_price`) ?? 0, availability: r.availability(`${c}_sold_out`) };
        }),
      };
    }),
  };
  const detailsCell = r.text('details');
  if (detailsCell) {
    if (type !== 'PIZZA' && type !== 'DEAL') r.errors.push({ column: 'details', message: itemCsvMessages.detailsOnlyPizzaDeal });
    else {
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(detailsCell);
      } catch {
        // Reported just below, like JSON that is not an object.
      }
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        const keys = type === 'PIZZA' ? ['sizes', 'removeToppings', 'addToppings'] : ['dealItems', 'dealPizzas'];
        for (const k of keys) raw[k] = (parsed as Record<string, unknown>)[k];
      } else r.errors.push({ column: 'details', message: itemCsvMessages.detailsJson });
    }
  }
  const availability = r.availability('sold_out');
  const categories: string[] = [];
  for (const n of filled(cells, (c) => (c.kind === 'category' ? c.n : null))) {
    const column = `category${n}`;
    const name = categoryName.safeParse(cells[column]);
    if (name.success) {
      if (!categories.includes(name.data)) categories.push(name.data);
    } else r.errors.push({ column, message: name.error.issues[0].message });
  }
  const parsed = itemInput.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = columnOf(issue.path, options, choices);
      r.errors.push({ column, message: located(column, issue.path.slice(1), issue.message) });
    }
  }
  const errors = r.errors.filter((e, i) => r.errors.findIndex((x) => x.column === e.column) === i);
  if (errors.length || !parsed.success) return { item: null, errors };
  const id = r.text('id');
  return { item: { id: id || null, input: parsed.data, availability, categories }, errors: [] };
}

/** The error of the first bad row-count, for the import body's schema. */
export const itemCsvRowCount = z
  .array(z.record(z.string().max(100), z.string().max(20_000)))
  .max(ITEM_CSV_MAX_ROWS, { error: itemCsvMessages.tooManyRows });

export const itemCsvImportBody = z.object({
  rows: itemCsvRowCount,
  dryRun: z.boolean({ error: 'dryRun is required (true to check, false to apply)' }),
});
export type ItemCsvImportBody = z.infer<typeof itemCsvImportBody>;

const rowReport = z.object({
  line: z.number().int().describe('Line of the row in the file: the header is line 1'),
  action: z.enum(['create', 'change', 'error']),
  id: z.string().nullable(),
  name: z.string(),
  changes: z.array(z.object({ column: z.string(), from: z.string(), to: z.string() })),
  errors: z.array(z.object({ column: z.string(), message: z.string() })),
});
export type ItemCsvRowReport = z.infer<typeof rowReport>;

export const itemCsvImportAnswer = z.object({
  dryRun: z.boolean(),
  created: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  errors: z.number().int().describe('Rows with errors (and the header, when it names an unknown column)'),
  rows: z.array(rowReport).describe('Every row that creates or changes an item or has errors, in file order'),
});
export type ItemCsvImportAnswer = z.infer<typeof itemCsvImportAnswer>;

export const formatIdTwice = (line: number) => format(itemCsvMessages.idTwice, { line });
