import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Menu, MenuItem, Switch, TextField, Typography } from '@mui/material';
import { TZDate } from '@date-fns/tz';
import { endOfShopDay, isSoldOut } from '../../domain/catalog/availability';
import type { AvailabilityBody, Item } from '../../domain/catalog/item';
import { formatDateTime } from '../../domain/dates';
import { useShop } from '../../src/contracts/shopContext';

/** A datetime-local value ('2026-03-04T17:30') read on the shop's clock, as an instant. */
function shopInstant(local: string, timeZone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number);
  return new Date(new TZDate(y, mo - 1, d, h, mi, 0, 0, timeZone).getTime());
}

function UntilDialog({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (until: Date) => void }) {
  const { shop } = useShop();
  const [value, setValue] = useState('');
  const at = shopInstant(value, shop.timezone);
  const valid = !!at && at > new Date();
  return (
    <Dialog open={open} onClose={onClose}>
      <DialogTitle>Sold out until</DialogTitle>
      <DialogContent>
        <TextField
          type="datetime-local"
          label="Back on sale at"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          helperText={`Shop time (${shop.timezone}); must be in the future`}
          error={!!value && !valid}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button disabled={!valid} onClick={() => at && onPick(at)}>
          Sold out
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The list's one-click availability toggle: on sale ↔ sold out (for the rest of today, until a chosen time, or until
 * put back). A sold-out period that has ended shows as on sale, as the storefront does.
 */
export function AvailabilityToggle({ item, onChange }: { item: Item; onChange: (body: AvailabilityBody) => void }) {
  const { shop } = useShop();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [picking, setPicking] = useState(false);
  const soldOut = isSoldOut(item.availability, new Date());
  const sell = (until: Date | null) => {
    setAnchor(null);
    setPicking(false);
    onChange(until ? { soldOut: true, until: until.toISOString() } : { soldOut: true });
  };
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={!soldOut}
            onChange={(e) => (soldOut ? onChange({ soldOut: false }) : setAnchor(e.currentTarget))}
            slotProps={{ input: { 'aria-label': `${item.name} on sale` } }}
          />
        }
        label={soldOut ? 'Sold out' : 'On sale'}
      />
      {soldOut && (
        <Typography variant="caption" color="text.secondary" component="div">
          {item.availability.until ? `Until ${formatDateTime(item.availability.until, shop.timezone)}` : 'Until put back'}
        </Typography>
      )}
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => sell(endOfShopDay(new Date(), shop.timezone))}>Sold out for today</MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setPicking(true);
          }}
        >
          Sold out until…
        </MenuItem>
        <MenuItem onClick={() => sell(null)}>Sold out until put back</MenuItem>
      </Menu>
      <UntilDialog open={picking} onClose={() => setPicking(false)} onPick={sell} />
    </Box>
  );
}
