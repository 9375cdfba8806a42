import { z } from 'zod';
import { format, messages } from './messages';
import { hours, timeOfDay } from './timings';
import { day } from './dateSchemas';

const CLOSURE_NOTE_MAX = 80;

/** Special hours for one service on one date: instead of the week's sessions, this one. */
const specialHoursSchema = z.object({ open: timeOfDay('Open'), duration: hours('Duration') });

/**
 * What a closure does to one service that day: `true` closed (the default), `false` untouched (the weekly grid
 * applies), or special hours `{ open, duration }` that replace the grid's sessions.
 */
const closureServiceSchema = z.union([z.boolean(), specialHoursSchema]);
export type ClosureService = z.infer<typeof closureServiceSchema>;

/**
 * A closure or special hours on one date (POST /api/shops/{shopId}/closures): a public holiday, a private event,
 * 'closed today'. It wins over the weekly grid for sessions starting that date. Leaving out pickup or delivery
 * closes that service.
 */
export const closureInputSchema = z
  .object({
    date: day('Date'),
    note: z
      .string()
      .trim()
      .max(CLOSURE_NOTE_MAX, { error: format(messages.maxLength, { n: CLOSURE_NOTE_MAX }) })
      .optional()
      .default(''),
    pickup: closureServiceSchema.optional().default(true),
    delivery: closureServiceSchema.optional().default(true),
  })
  .refine((c) => c.pickup !== false || c.delivery !== false, { error: messages.closureChangesNothing, path: ['pickup'] });
export type ClosureInput = z.input<typeof closureInputSchema>;

/** `?from=&to=` of the closures list: days 'YYYY-MM-DD', both optional and inclusive, `to` not before `from`. */
export const closureRangeQuery = z
  .object({
    from: day('from').optional().describe('Only from this day (YYYY-MM-DD)'),
    to: day('to').optional().describe('Only up to this day, included (YYYY-MM-DD)'),
  })
  .refine(({ from, to }) => !from || !to || from <= to, { error: messages.closureRangeOrder, path: ['to'] });

export const closureSchema = z.object({
  id: z.string(),
  date: z.string(),
  note: z.string(),
  pickup: closureServiceSchema,
  delivery: closureServiceSchema,
});
export type Closure = z.infer<typeof closureSchema>;

/** How a closure reads for one service: 'Closed', 'Open as usual', or '9:00 am to 1:00 pm'. */
export function closureServiceText(value: ClosureService, clock: (minutes: number) => string): string {
  if (value === true) return 'Closed';
  if (value === false) return 'Open as usual';
  const [h, m] = value.open.split(':').map(Number);
  const open = h! * 60 + m!;
  return `${clock(open)} to ${clock(open + Math.round(value.duration * 60))}`;
}
