import { useTranslate } from 'react-admin';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Divider, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { Availability } from '../../domain/catalog/availability';
import type { AvailabilityBody, Item } from '../../domain/catalog/item';
import { AvailabilitySwitch } from './Availability';

interface Choice {
  name: string;
  availability: Availability | undefined;
}
type Attr = { name: string; values: Choice[] };

/** The choices the availability route can sell out: the item's attributes' values and a pizza's own add-toppings. */
export function optionsOf(item: Item): { attributes: Attr[]; toppings: Choice[] } {
  const doc = item as { attributes?: Attr[]; addToppings?: Choice[] };
  return { attributes: (doc.attributes ?? []).filter((a) => a.values.length > 0), toppings: doc.addToppings ?? [] };
}

export function hasOptions(item: Item): boolean {
  const o = optionsOf(item);
  return o.attributes.length > 0 || o.toppings.length > 0;
}

function ChoiceRow({ choice, onChange }: { choice: Choice; onChange: (b: AvailabilityBody) => void }) {
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, py: 0.5, flexWrap: 'wrap' }}>
      <Typography sx={{ pt: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{choice.name}</Typography>
      <AvailabilitySwitch name={choice.name} availability={choice.availability} onChange={onChange} />
    </Box>
  );
}

function Group({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 2 }}>
      <Typography id={id} variant="subtitle2" component="h3">
        {title}
      </Typography>
      <Divider />
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

/**
 * Per item, the availability of each attribute value and topping, one switch each (the item toggle's menu: for
 * today, until a chosen time, until put back). Sells out through the same route as the item, naming the choice.
 */
export function OptionsDialog({ item, onClose, onChange }: { item: Item | null; onClose: () => void; onChange: (item: Item, body: AvailabilityBody) => void }) {
  const translate = useTranslate();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const options = item ? optionsOf(item) : { attributes: [], toppings: [] };
  return (
    <Dialog open={!!item} onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="item-options-title">
      <DialogTitle id="item-options-title">{translate('resources.items.options.title', { name: item?.name ?? '' })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('resources.items.options.intro')}</DialogContentText>
        {item &&
          options.attributes.map((a, i) => (
            <Group key={`a:${a.name}`} id={`item-options-attribute-${i}`} title={a.name}>
              {a.values.map((v) => (
                <ChoiceRow key={v.name} choice={v} onChange={(b) => onChange(item, { ...b, attribute: a.name, value: v.name })} />
              ))}
            </Group>
          ))}
        {item && options.toppings.length > 0 && (
          <Group id="item-options-toppings" title={translate('resources.items.options.toppings')}>
            {options.toppings.map((t) => (
              <ChoiceRow key={t.name} choice={t} onChange={(b) => onChange(item, { ...b, topping: t.name })} />
            ))}
          </Group>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('resources.items.options.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
