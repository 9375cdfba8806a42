import type { SxProps, Theme } from '@mui/material';
import { MenuItem, TextField } from '@mui/material';
import { currentMonth, ORDER_RANGE_LABELS, ORDER_RANGES, type OrderRange } from '../../domain/shopRanges';

/** The month the shop's clock is in now, for Custom's picker: 'YYYY-MM'. */
export const thisMonth = (timeZone: string) => currentMonth(new Date(), timeZone);

/** A history page's range: a named one, or for Custom a month (an emptied month picker keeps the last month). */
export function HistoryRange({
  range,
  month,
  labels,
  onRange,
  onMonth,
  sx,
}: {
  range: OrderRange;
  month: string;
  labels: { range: string; month: string };
  onRange: (range: OrderRange) => void;
  onMonth: (month: string) => void;
  sx?: SxProps<Theme>;
}) {
  return (
    <>
      <TextField select label={labels.range} value={range} onChange={(e) => onRange(e.target.value as OrderRange)} sx={sx}>
        {ORDER_RANGES.map((r) => (
          <MenuItem key={r} value={r}>
            {ORDER_RANGE_LABELS[r]}
          </MenuItem>
        ))}
      </TextField>
      {range === 'CUSTOM' && (
        <TextField
          type="month"
          label={labels.month}
          value={month}
          onChange={(e) => {
            if (e.target.value) onMonth(e.target.value);
          }}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      )}
    </>
  );
}
