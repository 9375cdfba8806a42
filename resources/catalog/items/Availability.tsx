import { useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Menu,
  MenuItem,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { TZDate } from '@date-fns/tz';
import { isSoldOut } from '../../../domain/catalog/availability';
import type { Availability } from '../../../domain/catalog/availability';
import type { AvailabilityBody, Item } from '../../../domain/catalog/item';
import { showDateTime } from '../../../src/components/dates';
import { useShop } from '../../../src/contracts/shopContext';

/** A datetime-local value ('2026-03-04T17:30') read on the shop's clock, as an instant. */
function shopInstant(local: string, timeZone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number);
  return new Date(new TZDate(y, mo - 1, d, h, mi, 0, 0, timeZone).getTime());
}

function UntilDialog({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (until: Date) => void }) {
  const { shop } = useShop();
  const translate = useTranslate();
  const [value, setValue] = useState('');
  const at = shopInstant(value, shop.timezone);
  const valid = !!at && at > new Date();
  return (
    <Dialog open={open} onClose={onClose}>
      <DialogTitle>{translate('resources.catalog.items.availability.untilTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          type="datetime-local"
          label={translate('resources.catalog.items.availability.backOnSaleAt')}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          helperText={translate('resources.catalog.items.availability.shopTimeHint', { timeZone: shop.timezone })}
          error={!!value && !valid}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button disabled={!valid} onClick={() => at && onPick(at)}>
          {translate('resources.catalog.items.availability.soldOut')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * One-click availability switch: on sale ↔ sold out (for the rest of today, until a chosen time, or until put back).
 * A sold-out period that has ended shows as on sale, as the storefront does. Used for items and for each of their
 * attribute values and toppings; `name` gives the switch its accessible name ('{name} on sale').
 */
export function AvailabilitySwitch({
  name,
  availability,
  onChange,
  disabled,
}: {
  name: string;
  availability: Availability | undefined;
  onChange: (body: AvailabilityBody) => void;
  disabled?: boolean;
}) {
  const { shop } = useShop();
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [picking, setPicking] = useState(false);
  const soldOut = isSoldOut(availability, new Date());
  const sell = (until: Date | null) => {
    setAnchor(null);
    setPicking(false);
    onChange(until ? { soldOut: true, until: until.toISOString() } : { soldOut: true });
  };
  const t = (key: string, options?: object) => translate(`resources.catalog.items.availability.${key}`, options);
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={!soldOut}
            disabled={disabled}
            onChange={(e) => (soldOut ? onChange({ soldOut: false }) : setAnchor(e.currentTarget))}
            slotProps={{ input: { 'aria-label': t('switchLabel', { name }) } }}
          />
        }
        label={soldOut ? t('soldOut') : t('onSale')}
      />
      {soldOut && (
        <Typography variant="caption" color="text.secondary" component="div">
          {availability?.until ? t('until', { date: showDateTime(availability.until, shop.timezone) }) : t('untilPutBack')}
        </Typography>
      )}
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            onChange({ soldOut: true, today: true }); // the server knows the shop's hours: back at its next opening
          }}
        >
          {t('forToday')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setPicking(true);
          }}
        >
          {t('untilChosen')}
        </MenuItem>
        <MenuItem onClick={() => sell(null)}>{t('untilPutBackMenu')}</MenuItem>
      </Menu>
      <UntilDialog open={picking} onClose={() => setPicking(false)} onPick={sell} />
    </Box>
  );
}

/** The list's toggle for the whole item. */
export function AvailabilityToggle({ item, onChange }: { item: Item; onChange: (body: AvailabilityBody) => void }) {
  return <AvailabilitySwitch name={item.name} availability={item.availability} onChange={onChange} />;
}
