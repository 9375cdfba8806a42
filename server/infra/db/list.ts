import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { unstorableText } from '../http/errors';

/*
 * ra-data-simple-rest lists, for every route that pages: the query parameters `sort=["field","ASC"]`,
 * `range=[0,19]`, `filter={...}` (each a JSON string) become zod schemas, then ORDER BY / OFFSET / LIMIT,
 * and the answer carries `Content-Range: <resource> start-end/total`.
 */

/**
 * Bad JSON or unknown fields are a 400 like any other validation error. So is text PostgreSQL cannot store: the URL
 * check (app.ts) sees no NUL in `{"q":"a\u0000b"}` until it is parsed here, and no lone surrogate at all. An empty
 * value (`range=`, what a client writes for a parameter it has no value for) reads as absent.
 */
const json = <T extends z.ZodType>(label: string, schema: T) =>
  z
    .string()
    .transform((s, ctx) => {
      if (s === '') return undefined;
      let value: unknown;
      try {
        value = JSON.parse(s);
      } catch {
        ctx.addIssue({ code: 'custom', message: `${label} should be JSON` });
        return z.NEVER;
      }
      const unstorable = unstorableText(value);
      if (unstorable) {
        ctx.addIssue({ code: 'custom', message: unstorable.message });
        return z.NEVER;
      }
      return value;
    })
    .pipe(schema.optional());

export type SortOrder = 'ASC' | 'DESC';
export type Range = [number, number];

const sortParam = <F extends readonly [string, ...string[]]>(fields: F) =>
  json('sort', z.tuple([z.enum(fields, { error: `sort should be one of ${fields.join(', ')}` }), z.enum(['ASC', 'DESC'])]));

const MAX_PAGE = 500;

export const rangeParam = json(
  'range',
  z
    .tuple([z.number().int().min(0), z.number().int().min(0)])
    .refine(([a, b]) => b >= a && b - a < MAX_PAGE, { error: `range should cover 1 to ${MAX_PAGE} rows` }),
);

const filterParam = <T extends z.ZodRawShape>(shape: T) => json('filter', z.object(shape));

export const DEFAULT_RANGE: Range = [0, 19];

/** The `sort`, `range` and `filter` query parameters of one list (each optional). */
export const listQuery = <F extends readonly [string, ...string[]], T extends z.ZodRawShape>(sortable: F, filter: T) =>
  z.object({ sort: sortParam(sortable).optional(), range: rangeParam.optional(), filter: filterParam(filter).optional() });

/** OFFSET and LIMIT of an inclusive range. */
export const pageOf = ([start, end]: Range) => ({ offset: start, limit: end - start + 1 });

/** ORDER BY the chosen column, then a unique tie-breaker so pages never overlap or skip rows. */
export const orderBy = (column: AnyColumn | SQL, order: SortOrder, tieBreaker: AnyColumn): SQL[] => [
  order === 'ASC' ? asc(column) : desc(column),
  asc(tieBreaker),
];

/** Select it as `total` beside the page's columns: the list and its total in one query. */
export const totalOver = () => sql<number>`count(*) over ()`.mapWith(Number);

/**
 * A page and the total from one query (`count(*) over ()` on each row). Only an empty page past the first
 * carries no total; then `countAll` (a plain count) keeps Content-Range right for a client that paged too far.
 */
export async function withTotal<R extends { total: number }>(
  rows: R[],
  range: Range,
  countAll: () => Promise<number>,
): Promise<{ rows: R[]; total: number }> {
  if (rows.length) return { rows, total: rows[0].total };
  return { rows, total: range[0] === 0 ? 0 : await countAll() };
}

/** `Content-Range: <resource> start-end/total`, what ra-data-simple-rest reads to page. */
function contentRange(resource: string, [start]: Range, count: number, total: number): string {
  return count === 0 ? `${resource} */${total}` : `${resource} ${start}-${start + count - 1}/${total}`;
}

export function sendRange(reply: FastifyReply, resource: string, range: Range, count: number, total: number): void {
  reply.header('Content-Range', contentRange(resource, range, count, total));
}

/** Text with LIKE's wildcards (and its escape) escaped, to match as written inside a LIKE pattern. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
