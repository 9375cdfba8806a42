import { useState, type FormEvent } from 'react';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { localDate } from '../../domain/hours';
import { dayRangeInstants, dayRangeProblem, isDay, ORDER_RANGE_LABELS, orderRange, type OrderRange } from '../../domain/shopRanges';

/** Side by side from tablet width up, giving way rather than widening the page beside the sidebar. */
const FIELD = { flex: { sm: '0 1 200px' }, minWidth: { sm: 150 } } as const;

/** A range as the pages keep it: a named range, and for Custom its first and last day ('YYYY-MM-DD', both included). */
export interface RangeChoice<R extends string = OrderRange> {
  range: R;
  from: string;
  to: string;
}

/** The day it is on the shop's wall clock ('2026-11-25'), not the browser's or UTC's. */
export const shopToday = (now: Date, timeZone: string) => localDate(now, timeZone);

/** What is wrong with a Custom range's days, or null: the reports' own rule (in order, at most 24 months). */
export const customRangeProblem = (from: string, to: string): string | null =>
  isDay(from) && isDay(to) ? dayRangeProblem({ from, to }) : null;

/**
 * The instants a choice covers on the shop's wall clock: the order history's named ranges, or Custom's days from the
 * first day's midnight to the end of the last day (DST days are 23 or 25 hours long there, not 24).
 */
export function rangeInstants(choice: RangeChoice<string>, now: Date, timeZone: string): { from: string; to: string } {
  const { gte, lte } =
    choice.range === 'CUSTOM'
      ? dayRangeInstants({ from: choice.from, to: choice.to }, timeZone)
      : orderRange(choice.range as OrderRange, now, timeZone);
  return { from: gte, to: lte };
}

/**
 * The reports' one range picker: a named range applies as soon as it is chosen; Custom asks for its first and last day
 * and applies on Show once they make a range of at most 24 months.
 */
export function RangePicker<R extends string>({
  ranges,
  labels = ORDER_RANGE_LABELS as Record<string, string>,
  value,
  onChange,
  label = 'Range',
}: {
  ranges: readonly R[];
  labels?: Record<string, string>;
  value: RangeChoice<R>;
  onChange: (choice: RangeChoice<R>) => void;
  label?: string;
}) {
  const [range, setRange] = useState<R>(value.range);
  const [from, setFrom] = useState(value.from);
  const [to, setTo] = useState(value.to);
  const custom = range === 'CUSTOM';
  const problem = custom ? customRangeProblem(from, to) : null;
  const complete = Boolean(from && to);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (custom && complete && !problem) onChange({ range, from, to });
  };
  return (
    <Stack
      component="form"
      onSubmit={submit}
      direction={{ xs: 'column', sm: 'row' }}
      sx={{ gap: 2, mb: 2, alignItems: { sm: 'flex-start' }, flexWrap: 'wrap' }}
      aria-label={label}
    >
      <TextField
        select
        label={label}
        value={range}
        onChange={(e) => {
          const next = e.target.value as R;
          setRange(next);
          if (next !== 'CUSTOM') onChange({ range: next, from, to });
        }}
        sx={FIELD}
      >
        {ranges.map((r) => (
          <MenuItem key={r} value={r}>
            {labels[r] ?? r}
          </MenuItem>
        ))}
      </TextField>
      {custom && (
        <>
          <TextField
            type="date"
            required
            label="From"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={FIELD}
          />
          <TextField
            type="date"
            required
            label="To"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            error={Boolean(problem)}
            helperText={problem ?? ' '}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={FIELD}
          />
          <Button type="submit" variant="contained" disabled={!complete || Boolean(problem)} sx={{ minHeight: 56 }}>
            Show
          </Button>
        </>
      )}
    </Stack>
  );
}
