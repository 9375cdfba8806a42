import { useTranslate } from 'react-admin';
import { Box, InputAdornment, MenuItem, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { ORDER_RANGES } from '../../../domain/shopRanges';
import { RangePicker } from '../RangePicker';
import type { History, HistoryChoice } from './useHistory';

/** A select whose first option ('') means any value. */
function ChoiceFilter({ choice, value, onChange }: { choice: HistoryChoice; value: string; onChange: (value: string) => void }) {
  const translate = useTranslate();
  return (
    <TextField
      select
      label={translate(choice.label)}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{translate(choice.any)}</MenuItem>
      {choice.options.map((o) => (
        <MenuItem key={o} value={o}>
          {choice.words(o)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The search box on a row of its own, then the range (a named range, or Custom's month) and the area's selects, two
 * a row on a phone and four from a laptop up.
 */
export function HistoryFilters({ history }: { history: History }) {
  const translate = useTranslate();
  const { labels, choices } = history.source;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        mb: 2,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      <TextField
        type="search"
        label={translate(labels.search)}
        value={history.text}
        onChange={(e) => history.search(e.target.value)}
        sx={{ gridColumn: '1 / -1' }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      <RangePicker
        inline
        ranges={ORDER_RANGES}
        value={history.range}
        onChange={history.setRange}
        label={translate(labels.range)}
        monthLabel={translate(labels.month)}
        custom={{ range: 'CUSTOM', kind: 'month' }}
      />
      {choices.map((c) => (
        <ChoiceFilter key={c.param} choice={c} value={history.chosen[c.param] ?? ''} onChange={(v) => history.choose(c.param, v)} />
      ))}
    </Box>
  );
}
