import {
  classifyColumn,
  columnOfField,
  formatIdTwice,
  itemCsvMessages,
  readItemCsvRow,
  unquoteCell,
  type CellError,
  type CsvCells,
  type CsvItem,
  type ItemCsvImportAnswer,
  type ItemCsvRowReport,
} from '../../../domain/catalog/itemCsv';
import { format, messages } from '../../../domain/messages';
import { menuSchema, type Menu } from '../../../domain/catalog/menu';
import type { Db } from '../../infra/db/client';
import { AppError, badRequest } from '../../infra/http/errors';
import { checkItemInShop } from './itemRules';
import { createItem, updateItem, type ItemRow } from './repo';
import { allItemRows, setItemSoldOut } from './repoCsv';
import { loadMenu, saveMenu } from './repoMenu';
import { categoriesByItem, cellChanges, csvItemOf, inputChanged, normalRead, sameAvailability, sameCategories } from './csvItems';

/** A row that passed every check: what applying it does. */
interface Planned {
  index: number;
  item: CsvItem;
  current: CsvItem | null;
  writeInput: boolean;
}

/** A header BOM (a spreadsheet's or the export's own) is not part of the first column's name. */
const cleanName = (name: string) => name.replace(/^\uFEFF/, '').trim();

function cleanRow(row: CsvCells): CsvCells {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [cleanName(k), unquoteCell(v)]));
}

/** The rules the item routes check against the rest of the shop (images, pizza sizes, deal pizzas), as row errors. */
async function shopErrors(shopId: string, db: Db, item: CsvItem, userId: string, current: CsvItem | null): Promise<CellError[]> {
  try {
    await checkItemInShop(shopId, db, item.input, userId, current?.input.image?.image ?? null);
    return [];
  } catch (e) {
    if (!(e instanceof AppError) || e.statusCode !== 400) throw e;
    const fields = Object.entries(e.errors ?? {});
    if (!fields.length) return [{ column: 'type', message: e.message }];
    return fields.map(([field, message]) => ({ column: columnOfField(field), message }));
  }
}

/**
 * Checks every row of an import against the item schema and the shop, and says what each would do; unless `dryRun`,
 * applies them in one transaction, or, when any row has an error, applies none. Rows identical to the stored item
 * (sold-out state and categories included) are not written at all.
 */
export async function importItemsCsv(
  shopId: string,
  db: Db,
  rows: CsvCells[],
  { dryRun, userId, now }: { dryRun: boolean; userId: string; now: Date },
): Promise<ItemCsvImportAnswer> {
  const [stored, menu] = await Promise.all([allItemRows(shopId, db), loadMenu(shopId, db)]);
  const byId = new Map<string, ItemRow>(stored.map((r) => [r.id, r]));
  const categories = categoriesByItem(menu);
  const reports: ItemCsvRowReport[] = [];
  const planned: Planned[] = [];
  let unchanged = 0;

  const unknown = [...new Set(rows.flatMap((r) => Object.keys(r).map(cleanName)))].filter((c) => !classifyColumn(c));
  if (unknown.length)
    reports.push({
      line: 1,
      action: 'error',
      id: null,
      name: '',
      changes: [],
      errors: unknown.map((column) => ({ column, message: itemCsvMessages.unknownColumn })),
    });

  const lineOfId = new Map<string, number>();
  for (const [index, raw] of rows.entries()) {
    const line = index + 2;
    const cells = cleanRow(raw);
    const id = (cells.id ?? '').trim() || null;
    const name = (cells.name ?? '').trim();
    const report = (action: ItemCsvRowReport['action'], changes: ItemCsvRowReport['changes'] = [], errors: CellError[] = []) =>
      reports.push({ line, action, id, name, changes, errors });

    const read = readItemCsvRow(cells);
    const errors = [...read.errors];
    const row = id ? byId.get(id) : undefined;
    if (id && !row) errors.unshift({ column: 'id', message: itemCsvMessages.noSuchItem });
    if (id && lineOfId.has(id)) errors.unshift({ column: 'id', message: formatIdTwice(lineOfId.get(id)!) });
    if (id && !lineOfId.has(id)) lineOfId.set(id, line);
    if (row && read.item && row.type !== read.item.input.type) errors.push({ column: 'type', message: messages.itemTypeLocked });
    if (errors.length || !read.item) {
      report('error', [], errors);
      continue;
    }
    const current = row ? csvItemOf(row, categories.get(row.id) ?? []) : null;
    const item = normalRead(read.item, menu);
    const writeInput = !current || inputChanged(current, item);
    if (
      current &&
      !writeInput &&
      sameAvailability(current.availability, item.availability) &&
      sameCategories(current.categories, item.categories)
    ) {
      unchanged++;
      continue;
    }
    const problems = writeInput ? await shopErrors(shopId, db, item, userId, current) : [];
    if (problems.length) {
      report('error', [], problems);
      continue;
    }
    // A new item's cells are all new: the row itself says them.
    report(current ? 'change' : 'create', current ? cellChanges(current, item) : []);
    planned.push({ index, item, current, writeInput });
  }

  // The menu the rows make must still be a menu (at most so many categories and items in one): a stored menu the
  // schema refuses reads as empty. The row that made it too big says so.
  for (const { index, column, message } of menuProblems(menu, planned)) {
    const line = index + 2;
    const r = reports.find((x) => x.line === line)!;
    Object.assign(r, { action: 'error', changes: [], errors: [{ column, message }] });
    planned.splice(
      planned.findIndex((p) => p.index === index),
      1,
    );
  }

  const answer: ItemCsvImportAnswer = {
    dryRun,
    created: planned.filter((p) => !p.current).length,
    changed: planned.filter((p) => p.current).length,
    unchanged,
    errors: reports.filter((r) => r.action === 'error').length,
    rows: reports,
  };
  if (dryRun) return answer;
  if (answer.errors) {
    const fields: Record<string, string> = {};
    for (const r of reports) for (const e of r.errors) fields[`rows.${r.line - 2}.${e.column}`] ??= e.message;
    throw badRequest(format(itemCsvMessages.nothingImported, { n: answer.errors }), fields, 'VALIDATION');
  }
  if (planned.length) await apply(shopId, db, planned, menu, userId, now);
  return answer;
}

/** Writes the planned rows and the menu's categories in one transaction: all of them or, on any failure, none. */
async function apply(shopId: string, db: Db, planned: Planned[], menu: Menu, userId: string, now: Date): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const next: Menu = structuredClone(menu);
    let menuChanged = false;
    for (const { item, current, writeInput } of planned) {
      let id = current?.id ?? null;
      if (!id) id = (await createItem(shopId, tx, item.input, userId, now)).id;
      else if (writeInput) await updateItem(shopId, tx, id, item.input, userId, now);
      if (current ? !sameAvailability(current.availability, item.availability) : item.availability.soldOut)
        await setItemSoldOut(shopId, tx, id, item.availability, userId, now);
      if (!sameCategories(current?.categories ?? [], item.categories)) {
        placeInCategories(next, id, item.categories);
        menuChanged = true;
      }
    }
    if (menuChanged) await saveMenu(shopId, tx, next, userId, now);
  });
}

/** Where the menu the planned rows would make breaks the menu's schema, by the row that broke it (one per row). */
function menuProblems(menu: Menu, planned: Planned[]): { index: number; column: string; message: string }[] {
  const next: Menu = structuredClone(menu);
  const touched: number[] = next.categories.map(() => -1);
  for (const { index, item, current } of planned) {
    if (sameCategories(current?.categories ?? [], item.categories)) continue;
    placeInCategories(next, current?.id ?? `new-${index}`, item.categories);
    next.categories.forEach((c, i) => {
      if (item.categories.includes(c.name)) touched[i] = index;
    });
  }
  const parsed = menuSchema.safeParse(next);
  if (parsed.success) return [];
  const out = new Map<number, { index: number; column: string; message: string }>();
  for (const issue of parsed.error.issues) {
    const at = typeof issue.path[1] === 'number' ? issue.path[1] : next.categories.length - 1;
    const index = touched[at] ?? -1;
    const row = planned.find((p) => p.index === index);
    if (!row || out.has(index)) continue;
    const n = row.item.categories.indexOf(next.categories[at].name);
    // The schema's own word for a too-long list is its 'required' one: say what is wrong instead.
    const message = issue.path.length === 1 ? itemCsvMessages.tooManyCategories : issue.message;
    out.set(index, { index, column: `category${n + 1}`, message });
  }
  return [...out.values()];
}

/**
 * Takes the item out of the categories not named and adds it at the end of those named that lack it; a name the menu
 * has no category for becomes a new category at the end of the menu.
 */
function placeInCategories(menu: Menu, id: string, names: string[]): void {
  for (const c of menu.categories) {
    const listed = c.itemIds.includes(id);
    const wanted = names.includes(c.name);
    if (listed && !wanted) c.itemIds = c.itemIds.filter((x) => x !== id);
    if (!listed && wanted) c.itemIds.push(id);
  }
  for (const name of names) {
    if (!menu.categories.some((c) => c.name === name))
      menu.categories.push({ name, description: '', itemIds: [id], image: null, offered: null });
  }
}
