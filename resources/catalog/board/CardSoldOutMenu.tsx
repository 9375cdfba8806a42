import { useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { MenuItem } from '@mui/material';
import { useApi, useApiMutation } from '../../../src/components/api';
import type { CatalogApi } from '../api';
import { soldOutKey } from './soldOutKey';

const t = (key: string) => `resources.catalog.soldOut.${key}`;

/**
 * 'Sold out…' in an order card's More menu (mounted at orders.card): each of the card's items, sold out for an hour or
 * until close through the same availability route as the board's 'Sold out' panel, which then lists it.
 */
export function CardSoldOutMenu({
  shopId,
  items,
  close,
}: {
  shopId: string;
  items: readonly { itemId: string; name: string }[];
  close: () => void;
}) {
  const translate = useTranslate();
  const api = useApi<CatalogApi>();
  const queryClient = useQueryClient();
  const set = useApiMutation({
    mutationFn: ({ itemId, span }: { itemId: string; span: 'HOUR' | 'CLOSE' }) =>
      api.setItemAvailability(shopId, itemId, { soldOut: true, for: span }),
    success: translate(t('cardDone')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: soldOutKey(shopId) }),
  });
  // One entry per item, however many lines of it the order has (the same item with other choices).
  const distinct = [...new Map(items.map((i) => [i.itemId, i])).values()];
  const sellOut = (itemId: string, span: 'HOUR' | 'CLOSE') => {
    close();
    set.mutate({ itemId, span });
  };
  return [
    // The entries' heading, as an item a screen reader reads in the menu's order (a list subheader is not allowed in a menu).
    <MenuItem key="title" disabled dense>
      {translate(t('cardMenu'))}
    </MenuItem>,
    ...distinct.flatMap((i) => [
      <MenuItem key={`${i.itemId}:hour`} onClick={() => sellOut(i.itemId, 'HOUR')}>
        {translate(t('cardHour'), { name: i.name })}
      </MenuItem>,
      <MenuItem key={`${i.itemId}:close`} onClick={() => sellOut(i.itemId, 'CLOSE')}>
        {translate(t('cardClose'), { name: i.name })}
      </MenuItem>,
    ]),
  ];
}
