import { getTableColumns, type Column, type Table } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';

/** Each table's [property, database name, column], worked out once. */
const shapes = new WeakMap<Table, [string, string, Column][]>();

function shapeOf(table: Table): [string, string, Column][] {
  let shape = shapes.get(table);
  if (!shape) {
    // Columns named by their key take the database's snake_case name (db/client.ts: casing 'snake_case').
    shape = Object.entries(getTableColumns(table)).map(([key, column]) => [key, column.keyAsName ? toSnakeCase(column.name) : column.name, column]);
    shapes.set(table, shape);
  }
  return shape;
}

/**
 * A row a raw statement returned (`SELECT t.*` of a data-modifying CTE, say) in the shape drizzle's own select gives:
 * property names and each column's driver mapping (timestamps to Date, JSON parsed), so callers can't tell them apart.
 */
export function rowOf<T extends Table>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, name, column] of shapeOf(table)) {
    const value = raw[name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
