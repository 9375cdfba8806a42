import { Fragment, useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { Button, ListSubheader, Menu, MenuItem } from '@mui/material';
import { useApi, useApiMutation } from '../../../src/components/api';
import type { CatalogApi } from '../api';
import { soldOutKey } from './soldOutKey';

const t = (key: string) => `resources.catalog.soldOut.${key}`;

/**
 * 'Sold out…' on an order card (mounted at orders.card): the card's items, each sold out for an hour or until close
 * through the same availability route as the board's 'Sold out' panel, which then lists it.
 */
export function CardSoldOutMenu({ shopId, items }: { shopId: string; items: readonly { itemId: string; name: string }[] }) {
  const translate = useTranslate();
  const api = useApi<CatalogApi>();
  const queryClient = useQueryClient();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const set = useApiMutation({
    mutationFn: ({ itemId, span }: { itemId: string; span: 'HOUR' | 'CLOSE' }) =>
      api.setItemAvailability(shopId, itemId, { soldOut: true, for: span }),
    success: translate(t('cardDone')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: soldOutKey(shopId) }),
  });
  // One entry per item, however many lines of it the order has (the same item with other choices).
  const distinct = [...new Map(items.map((i) => [i.itemId, i])).values()];
  if (!distinct.length) return null;
  const sellOut = (itemId: string, span: 'HOUR' | 'CLOSE') => {
    setAnchor(null);
    set.mutate({ itemId, span });
  };
  return (
    <>
      <Button
        size="small"
        color="inherit"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        disabled={set.isPending}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-part="sold-out-menu"
      >
        {translate(t('cardMenu'))}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {distinct.map((i) => (
          <Fragment key={i.itemId}>
            <ListSubheader sx={{ lineHeight: 2.5 }}>{i.name}</ListSubheader>
            <MenuItem onClick={() => sellOut(i.itemId, 'HOUR')}>{translate(t('cardHour'), { name: i.name })}</MenuItem>
            <MenuItem onClick={() => sellOut(i.itemId, 'CLOSE')}>{translate(t('cardClose'), { name: i.name })}</MenuItem>
          </Fragment>
        ))}
      </Menu>
    </>
  );
}
