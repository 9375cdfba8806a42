import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { Availability } from '../../../domain/catalog/availability';
import type { AvailabilityBody, Item } from '../../../domain/catalog/item';
import { AvailabilitySwitch } from './Availability';

interface Choice {
  name: string;
  availability: Availability | undefined;
}
type Attr = { name: string; values: Choice[] };
/** What a switch asks for: sold out (for today, until a time, until put back) or back on sale. */
export type SoldOutChange = Pick<AvailabilityBody, 'soldOut' | 'until' | 'today'>;

/**
 * The choices of an item the list can sell out: its attributes' values, a pizza's own add-toppings, and for a pizza
 * that lists none the shop's toppings (Pizza Settings), which it uses instead.
 */
function optionsOf(item: Item, shopToppings: Choice[]): { attributes: Attr[]; toppings: Choice[]; shopToppings: Choice[] } {
  const doc = item as { attributes?: Attr[]; addToppings?: Choice[] };
  const toppings = doc.addToppings ?? [];
  return {
    attributes: (doc.attributes ?? []).filter((a) => a.values.length > 0),
    toppings,
    shopToppings: item.type === 'PIZZA' && toppings.length === 0 ? shopToppings : [],
  };
}

export function hasOptions(item: Item, shopToppings: Choice[]): boolean {
  const o = optionsOf(item, shopToppings);
  return o.attributes.length > 0 || o.toppings.length > 0 || o.shopToppings.length > 0;
}

function ChoiceRow({ choice, onChange }: { choice: Choice; onChange: (b: SoldOutChange) => void }) {
  return (
    <Box
      component="li"
      sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, py: 0.5, flexWrap: 'wrap' }}
    >
      <Typography sx={{ pt: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{choice.name}</Typography>
      <AvailabilitySwitch name={choice.name} availability={choice.availability} onChange={onChange} />
    </Box>
  );
}

function ChoiceList({ choices, onChange }: { choices: Choice[]; onChange: (name: string, b: SoldOutChange) => void }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {choices.map((c) => (
        <ChoiceRow key={c.name} choice={c} onChange={(b) => onChange(c.name, b)} />
      ))}
    </Box>
  );
}

function Group({ id, title, note, children }: { id: string; title: string; note?: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 2 }}>
      <Typography id={id} variant="subtitle2" component="h3">
        {title}
      </Typography>
      {note && (
        <Typography variant="body2" color="text.secondary">
          {note}
        </Typography>
      )}
      <Divider />
      {children}
    </Box>
  );
}

function ChoicesDialog({
  id,
  open,
  title,
  intro,
  onClose,
  children,
}: {
  id: string;
  open: boolean;
  title: string;
  intro: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={id}>
      <DialogTitle id={id}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{intro}</DialogContentText>
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('resources.catalog.items.options.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Per item, the availability of each attribute value and topping, one switch each (the item toggle's menu: for
 * today, until a chosen time, until put back). Sells out through the same route as the item, naming the choice; the
 * shop's toppings, shown for a pizza that uses them, go through their own route and say they apply to every pizza.
 */
export function OptionsDialog({
  item,
  shopToppings,
  onClose,
  onChange,
  onShopToppingChange,
}: {
  item: Item | null;
  shopToppings: Choice[];
  onClose: () => void;
  onChange: (item: Item, body: AvailabilityBody) => void;
  onShopToppingChange: (topping: string, body: SoldOutChange) => void;
}) {
  const translate = useTranslate();
  const options = item ? optionsOf(item, shopToppings) : { attributes: [], toppings: [], shopToppings: [] };
  return (
    <ChoicesDialog
      id="item-options-title"
      open={!!item}
      title={translate('resources.catalog.items.options.title', { name: item?.name ?? '' })}
      intro={translate('resources.catalog.items.options.intro')}
      onClose={onClose}
    >
      {item &&
        options.attributes.map((a, i) => (
          <Group key={`a:${a.name}`} id={`item-options-attribute-${i}`} title={a.name}>
            <ChoiceList choices={a.values} onChange={(value, b) => onChange(item, { ...b, attribute: a.name, value })} />
          </Group>
        ))}
      {item && options.toppings.length > 0 && (
        <Group id="item-options-toppings" title={translate('resources.catalog.items.options.toppings')}>
          <ChoiceList choices={options.toppings} onChange={(topping, b) => onChange(item, { ...b, topping })} />
        </Group>
      )}
      {options.shopToppings.length > 0 && (
        <Group
          id="item-options-shop-toppings"
          title={translate('resources.catalog.items.options.shopToppings')}
          note={translate('resources.catalog.items.options.shopToppingsNote')}
        >
          <ChoiceList choices={options.shopToppings} onChange={onShopToppingChange} />
        </Group>
      )}
    </ChoicesDialog>
  );
}

/** The list toolbar's dialog of the shop's toppings alone (Pizza Settings), for every pizza that lists none. */
export function ShopToppingsDialog({
  open,
  toppings,
  onClose,
  onChange,
}: {
  open: boolean;
  toppings: Choice[];
  onClose: () => void;
  onChange: (topping: string, body: SoldOutChange) => void;
}) {
  const translate = useTranslate();
  return (
    <ChoicesDialog
      id="shop-toppings-title"
      open={open}
      title={translate('resources.catalog.items.options.shopToppings')}
      intro={translate('resources.catalog.items.options.shopToppingsNote')}
      onClose={onClose}
    >
      <Box sx={{ mt: 2 }}>
        <Divider />
        <ChoiceList choices={toppings} onChange={onChange} />
      </Box>
    </ChoicesDialog>
  );
}
