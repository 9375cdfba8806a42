import { z } from 'zod';

/**
 * ra-data-simple-rest list parameters: `sort=["field","ASC"]`, `range=[0,19]`, `filter={...}`,
 * each a JSON string in the query. Bad JSON or unknown fields are a 400 like any other validation error.
 */
const json = <T extends z.ZodType>(label: string, schema: T) =>
  z
    .string()
    .transform((s, ctx) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: `${label} should be JSON` });
        return z.NEVER;
      }
    })
    .pipe(schema);

export const sortParam = <F extends readonly [string, ...string[]]>(fields: F) =>
  json('sort', z.tuple([z.enum(fields, { error: `sort should be one of ${fields.join(', ')}` }), z.enum(['ASC', 'DESC'])]));

const MAX_PAGE = 500;

export const rangeParam = json(
  'range',
  z
    .tuple([z.number().int().min(0), z.number().int().min(0)])
    .refine(([a, b]) => b >= a && b - a < MAX_PAGE, { error: `range should cover 1 to ${MAX_PAGE} rows` }),
);

export const filterParam = <T extends z.ZodRawShape>(shape: T) => json('filter', z.object(shape));

export const DEFAULT_RANGE: [number, number] = [0, 19];

/** `Content-Range: <resource> start-end/total`, what ra-data-simple-rest reads to page. */
export function contentRange(resource: string, [start]: [number, number], count: number, total: number): string {
  return count === 0 ? `${resource} */${total}` : `${resource} ${start}-${start + count - 1}/${total}`;
}
