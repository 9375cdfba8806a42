import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { LOYALTY_RANGES, LOYALTY_RANGE_LABELS, type LoyaltyRange } from '../../domain/shopRanges';

/** Side by side from tablet width up, giving way rather than widening the page beside the sidebar. */
const FIELD = { flex: { sm: '0 1 240px' }, minWidth: { sm: 150 } } as const;

export interface RangeChoice {
  range: LoyaltyRange;
  /** 'YYYY-MM', read when the range is YEAR_MONTH. */
  month: string;
}

/** The range and, for YEAR_MONTH, the month; nothing is asked of the server until Submit. */
export function RangePicker({ initial, onSubmit }: { initial: RangeChoice; onSubmit: (choice: RangeChoice) => void }) {
  const translate = useTranslate();
  const [range, setRange] = useState(initial.range);
  const [month, setMonth] = useState(initial.month);
  const needsMonth = range === 'YEAR_MONTH';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit({ range, month });
  };
  return (
    <Stack
      component="form"
      onSubmit={submit}
      direction={{ xs: 'column', sm: 'row' }}
      sx={{ gap: 2, mb: 2, alignItems: { sm: 'center' } }}
      aria-label={translate('resources.loyalty.range')}
    >
      <TextField
        select
        label={translate('resources.loyalty.range')}
        value={range}
        onChange={(e) => setRange(e.target.value as LoyaltyRange)}
        sx={FIELD}
      >
        {LOYALTY_RANGES.map((r) => (
          <MenuItem key={r} value={r}>
            {LOYALTY_RANGE_LABELS[r]}
          </MenuItem>
        ))}
      </TextField>
      {needsMonth && (
        <TextField
          type="month"
          required
          label={translate('resources.loyalty.month')}
          value={month}
          onChange={(e) => setMonth(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={FIELD}
        />
      )}
      <Button type="submit" variant="contained" disabled={needsMonth && !/^\d{4}-\d{2}$/.test(month)}>
        {translate('resources.loyalty.submit')}
      </Button>
    </Stack>
  );
}
