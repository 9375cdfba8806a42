import { getTableColumns, type Column, type Table } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';

/** Each table's [property, database name, column], worked out once. */
const shapes = new WeakMap<Table, [string, string, Column][]>();

function shapeOf(table: Table): [string, string, Column][] {
  let shape = shapes.get(table);
  if (!shape) {
    // Columns named by their key take the database's snake_case name (db/client.ts: casing 'snake_case').
    shape = Object.entries(getTableColumns(table)).map(([key, column]) => [
      key,
      column.keyAsName ? toSnakeCase(column.name) : column.name,
      column,
    ]);
    shapes.set(table, shape);
  }
  return shape;
}

const isJson = (column: Column) => column.dataType === 'json';

/**
 * A row a raw statement returned as `row_to_json(t)` (one field instead of one per column: node-postgres sets up a
 * parser per field for every result, which costs more than the row itself on a hot path) in the shape drizzle's own
 * select gives: property names, timestamps as Date; JSON columns are already parsed.
 */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, name, column] of shapeOf(table)) {
    const value = json[name];
    row[key] = value === null || value === undefined ? null : isJson(column) ? value : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
