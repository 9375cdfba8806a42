import { useState, type FormEvent } from 'react';
import { Button, MenuItem, Stack, TextField, type SxProps, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { localDate } from '../../domain/hours';
import { dayRangeInstants, dayRangeProblem, isDay, ORDER_RANGE_LABELS, orderRange, type OrderRange } from '../../domain/shopRanges';

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

/** What a picker holds: the named range, and the custom range's days or month as the page keeps them. */
interface PickerValue<R extends string> {
  range: R;
  /** A Custom range's first and last day ('YYYY-MM-DD', both included). */
  from?: string;
  to?: string;
  /** A chosen month's 'YYYY-MM'. */
  month?: string;
}

/**
 * The console's one date-range picker, configured by the page:
 * - `custom`: the range that asks for more, and what: its first and last day (the reports, at most 24 months) or one
 *   month (the histories, the redeemed loyalty cards);
 * - `submit`: a button's label when nothing applies until it is pressed (the redeemed loyalty cards); otherwise a named
 *   range or a month applies as soon as it is chosen (an emptied month keeps the last one), and days on Show;
 * - `inline`: the fields alone, for a page's row of filters; otherwise a form of its own.
 */
export function RangePicker<R extends string, V extends PickerValue<R>>({
  ranges,
  labels = ORDER_RANGE_LABELS as Record<string, string>,
  value,
  onChange,
  label = 'Range',
  monthLabel = 'Month',
  custom = { range: 'CUSTOM' as R, kind: 'days' },
  submit,
  inline = false,
  width = 200,
  sx,
}: {
  ranges: readonly R[];
  labels?: Record<string, string>;
  value: V;
  onChange: (choice: V) => void;
  label?: string;
  monthLabel?: string;
  custom?: { range: R; kind: 'days' | 'month' };
  submit?: string;
  inline?: boolean;
  width?: number;
  sx?: SxProps<Theme>;
}) {
  const translate = useTranslate();
  const [range, setRange] = useState<R>(value.range);
  const [from, setFrom] = useState(value.from ?? '');
  const [to, setTo] = useState(value.to ?? '');
  const [month, setMonth] = useState(value.month ?? '');
  // Side by side from tablet width up, giving way rather than widening the page beside the sidebar.
  const field = inline ? sx : { flex: { sm: `0 1 ${width}px` }, minWidth: { sm: 150 } };
  const isCustom = range === custom.range;
  const days = isCustom && custom.kind === 'days';
  const askMonth = isCustom && custom.kind === 'month';
  const problem = days ? customRangeProblem(from, to) : null;
  const complete = days ? Boolean(from && to) : !askMonth || /^\d{4}-\d{2}$/.test(month);
  const choice = (over: Partial<PickerValue<R>>) => {
    const next = { ...value, range, ...over };
    if (value.from !== undefined || value.to !== undefined) Object.assign(next, { from: over.from ?? from, to: over.to ?? to });
    if (value.month !== undefined) next.month = over.month ?? month;
    return next as V;
  };
  const pick = (next: R) => {
    setRange(next);
    if (!submit && !(next === custom.range && custom.kind === 'days')) onChange(choice({ range: next }));
  };
  const pickMonth = (next: string) => {
    if (submit) return setMonth(next);
    if (!next) return;
    setMonth(next);
    onChange(choice({ month: next }));
  };
  const apply = (e: FormEvent) => {
    e.preventDefault();
    if ((submit || days) && complete && !problem) onChange(choice({}));
  };
  const fields = (
    <>
      <TextField select label={label} value={range} onChange={(e) => pick(e.target.value as R)} sx={field}>
        {ranges.map((r) => (
          <MenuItem key={r} value={r}>
            {labels[r] ?? r}
          </MenuItem>
        ))}
      </TextField>
      {askMonth && (
        <TextField
          type="month"
          required={Boolean(submit)}
          label={monthLabel}
          value={month}
          onChange={(e) => pickMonth(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={inline ? undefined : field}
        />
      )}
      {days && (
        <>
          <TextField
            type="date"
            required
            label={translate('servery.forms.from')}
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={field}
          />
          <TextField
            type="date"
            required
            label={translate('servery.forms.to')}
            value={to}
            onChange={(e) => setTo(e.target.value)}
            error={Boolean(problem)}
            helperText={problem ?? ' '}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={field}
          />
        </>
      )}
      {(submit || days) && (
        <Button type="submit" variant="contained" disabled={!complete || Boolean(problem)} sx={{ minHeight: 56 }}>
          {submit ?? 'Show'}
        </Button>
      )}
    </>
  );
  if (inline) return fields;
  return (
    <Stack
      component="form"
      onSubmit={apply}
      direction={{ xs: 'column', sm: 'row' }}
      sx={{ gap: 2, mb: 2, alignItems: { sm: 'flex-start' }, flexWrap: 'wrap' }}
      aria-label={label}
    >
      {fields}
    </Stack>
  );
}
