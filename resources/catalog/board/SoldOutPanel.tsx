import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import {
  Autocomplete,
  Button,
  ButtonGroup,
  Card,
  CardContent,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { Item } from '../../../domain/catalog/item';
import { soldOutLabel, type SoldOutEntry } from '../../../domain/catalog/soldOutList';
import { formatDateTime, timesIn } from '../../../domain/dates';
import { zonedInstant } from '../../../domain/hours';
import { useApi, useApiMutation, useApiQuery } from '../../../src/components/api';
import type { CatalogApi } from '../api';
import { soldOutTargets } from './soldOutChoices';
import { soldOutKey } from './soldOutKey';

const t = (key: string) => `resources.catalog.soldOut.${key}`;
/** The clock's sweep brings things back every half minute; the panel reads again as often. */
const REFRESH_MS = 30_000;

type Span = { for: 'HOUR' | 'CLOSE' } | { until: string };

/**
 * The board's 'Sold out' panel: 86 an item, or one value of its choices or toppings, for an hour, until close or until
 * a time; what is sold out, each with when it comes back, and one tap to bring it back now.
 */
export function SoldOutPanel({ shopId, timeZone }: { shopId: string; timeZone: string }) {
  const translate = useTranslate();
  const api = useApi<CatalogApi>();
  const queryClient = useQueryClient();
  const list = useApiQuery<SoldOutEntry[]>({
    queryKey: soldOutKey(shopId),
    queryFn: () => api.getSoldOut(shopId),
    refetchInterval: REFRESH_MS,
  });
  const items = useGetList<Item>('items', {
    meta: { shopId },
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
  });
  const [item, setItem] = useState<Item | null>(null);
  const [targetKey, setTargetKey] = useState('item');
  const [until, setUntil] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: soldOutKey(shopId) });
  const set = useApiMutation({
    mutationFn: ({ itemId, body }: { itemId: string; body: Parameters<CatalogApi['setItemAvailability']>[2] }) =>
      api.setItemAvailability(shopId, itemId, body),
    success: null,
    onSuccess: () => refresh(),
  });
  const targets = item ? soldOutTargets(item, translate(t('wholeItem'))) : [];
  const target = targets.find((x) => x.key === targetKey) ?? targets[0];
  const sellOut = (span: Span) => {
    if (!item || !target) return;
    set.mutate({ itemId: item.id, body: { soldOut: true, ...target.body, ...span } }, { onSuccess: () => setUntil('') });
  };
  const back = (e: SoldOutEntry) =>
    set.mutate({
      itemId: e.itemId,
      body: {
        soldOut: false,
        ...(e.topping !== null ? { topping: e.topping } : e.attribute !== null ? { attribute: e.attribute, value: e.value! } : {}),
      },
    });
  const entries = list.data ?? [];
  return (
    <Card variant="outlined" sx={{ mb: 2 }} data-testid="sold-out-panel" component="section" aria-labelledby="sold-out-title">
      <CardContent>
        <Typography variant="subtitle1" component="h2" id="sold-out-title" sx={{ fontWeight: 600 }}>
          {translate(t('title'))}
        </Typography>
        <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 1, mt: 1, alignItems: { md: 'center' }, flexWrap: 'wrap' }}>
          <Autocomplete
            size="small"
            options={items.data ?? []}
            value={item}
            onChange={(_, v) => {
              setItem(v);
              setTargetKey('item');
            }}
            getOptionLabel={(o) => o.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(params) => <TextField {...params} label={translate(t('item'))} />}
            sx={{ minWidth: 200, flex: 1 }}
          />
          {targets.length > 1 && (
            <TextField
              select
              size="small"
              label={translate(t('what'))}
              value={target?.key ?? 'item'}
              onChange={(e) => setTargetKey(e.target.value)}
              sx={{ minWidth: 160 }}
            >
              {targets.map((x) => (
                <MenuItem key={x.key} value={x.key}>
                  {x.label}
                </MenuItem>
              ))}
            </TextField>
          )}
          <ButtonGroup size="small" aria-label={translate(t('for'))} disabled={!item || set.isPending}>
            <Button onClick={() => sellOut({ for: 'HOUR' })}>{translate(t('hour'))}</Button>
            <Button onClick={() => sellOut({ for: 'CLOSE' })}>{translate(t('close'))}</Button>
          </ButtonGroup>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <TextField
              size="small"
              type="datetime-local"
              label={translate(t('until'))}
              value={until}
              onChange={(e) => setUntil(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              helperText={timesIn(timeZone)}
            />
            <Button
              size="small"
              variant="outlined"
              disabled={!item || !until || set.isPending}
              onClick={() => sellOut({ until: localInput(until, timeZone) })}
            >
              {translate(t('untilButton'))}
            </Button>
          </Stack>
        </Stack>
        {entries.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 1 }} data-part="none">
            {translate(t('none'))}
          </Typography>
        ) : (
          <List dense data-part="list">
            {entries.map((e) => {
              const label = soldOutLabel(e);
              return (
                <ListItem
                  key={`${e.itemId} ${label}`}
                  data-part="entry"
                  disableGutters
                  secondaryAction={
                    <Button
                      size="small"
                      onClick={() => back(e)}
                      aria-label={translate(t('backNamed'), { name: label })}
                      disabled={set.isPending}
                    >
                      {translate(t('back'))}
                    </Button>
                  }
                  sx={{ pr: 14 }}
                >
                  <ListItemText
                    primary={label}
                    secondary={e.until ? translate(t('backAt'), { when: formatDateTime(e.until, timeZone) }) : translate(t('untilBack'))}
                    slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                </ListItem>
              );
            })}
          </List>
        )}
      </CardContent>
    </Card>
  );
}

/** A datetime-local value ('2030-03-04T15:30') read on the shop's clock, as an ISO instant. */
function localInput(value: string, timeZone: string): string {
  const [date, time] = value.split('T');
  const [h, m] = time.split(':').map(Number);
  return zonedInstant(date, h * 60 + m, timeZone).toISOString();
}
