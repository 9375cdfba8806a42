import { useState } from 'react';
import { useDelete, useGetList, useNotify, useTranslate } from 'react-admin';
import { Alert, Box, Button, Card, IconButton, InputAdornment, Menu, MenuItem, Pagination, TextField, Tooltip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import SearchIcon from '@mui/icons-material/Search';
import RestaurantMenuIcon from '@mui/icons-material/RestaurantMenu';
import TuneIcon from '@mui/icons-material/Tune';
import { Link, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { AvailabilityBody, Item } from '../../../domain/catalog/item';
import { format, messages } from '../../../domain/messages';
import { formatMoney, toCents } from '../../../domain/money';
import { shopUrl } from '../../../src/contracts/urls';
import { useShop, useShopRole } from '../../../src/contracts/shopContext';
import { useApi, useApiMutation } from '../../../src/components/api';
import type { CatalogApi } from '../api';
import { EmptyState, PageHeader } from '../../../src/components/PageHeader';
import { Pending } from '../../../src/components/Pending';
import { ResponsiveTable, type ResponsiveColumn } from '../../../src/components/ResponsiveTable';
import { ImageThumb } from '../../../src/components/ImageInput';
import { AvailabilityToggle } from './Availability';
import { hasOptions, OptionsDialog, ShopToppingsDialog, type SoldOutChange } from './OptionsDialog';
import { routeTypeOf } from './itemForm';
import { useSettingsDocument, useStoreSettings } from '../../../src/components/settingsQuery';
import { ConfirmDialog } from '../../../src/components/ConfirmDialog';
import { useDebounced } from '../../../src/components/useDebounced';
import { ItemsCsvActions } from './csv/ItemsCsvActions';
import { touchTargets } from '../../../src/components/touch';

/** Spec 2 §9: the item search waits 500 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 500;
/** Items per page: a whole ordinary menu on one page, a large one in pages rather than cut off. */
const PER_PAGE = 100;

function NewItemMenu() {
  const { shop } = useShop();
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button variant="contained" startIcon={<AddIcon />} onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu">
        {translate('resources.catalog.items.new')}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {(['basic', 'pizza', 'deal'] as const).map((t) => (
          <MenuItem key={t} component={Link} to={shopUrl(shop.id, 'items', t, 'create')} onClick={() => setAnchor(null)}>
            {translate(`resources.catalog.items.types.${t.toUpperCase()}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/**
 * /shops/{shopId}/items (spec 2 §2): search, New Item, and per item open, copy, delete and the availability toggle;
 * Options sells out one choice of an item, Shop toppings one of the Pizza Settings' toppings (every pizza using them).
 * Staff without the catalog permission get the list and the sold-out controls only.
 */
export function ItemList() {
  const { shop } = useShop();
  const editsCatalog = useShopRole().can('catalog');
  const translate = useTranslate();
  const navigate = useNavigate();
  const notify = useNotify();
  const api = useApi<CatalogApi>();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const [paging, setPaging] = useState({ q, page: 1 });
  // A new search starts at its first page.
  const page = paging.q === q ? paging.page : 1;
  const list = useGetList<Item>('items', {
    filter: q ? { q } : {},
    pagination: { page, perPage: PER_PAGE },
    sort: { field: 'name', order: 'ASC' },
    meta: { shopId: shop.id },
  });
  const [deleting, setDeleting] = useState<Item | null>(null);
  // By id, so the dialog shows the list's refreshed item after each toggle.
  const [optionsId, setOptionsId] = useState<string | null>(null);
  const optionsItem = list.data?.find((i) => i.id === optionsId) ?? null;
  const [shopToppingsOpen, setShopToppingsOpen] = useState(false);
  const shopToppings = useSettingsDocument(shop.id, 'pizza').data?.toppings ?? [];
  const storeSettings = useStoreSettings();
  const [remove] = useDelete();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['items'] });
  const copy = useApiMutation({
    mutationFn: (item: Item) => api.copyItem(shop.id, item.id),
    success: null,
    onSuccess: (c) => (notify(format(messages.nameUpdated, { name: c.name }), { type: 'success' }), refresh()),
  });
  const availability = useApiMutation({
    mutationFn: ({ item, body }: { item: Item; body: AvailabilityBody }) => api.setItemAvailability(shop.id, item.id, body),
    success: null,
    onSuccess: refresh,
  });
  const toppingAvailability = useApiMutation({
    mutationFn: ({ topping, body }: { topping: string; body: SoldOutChange }) =>
      api.setShopToppingAvailability(shop.id, { ...body, topping }),
    success: null,
    // The answer is the whole pizza settings document: every reader of it (this list, the Pizza Settings tab) sees it.
    onSuccess: (doc) => storeSettings(shop.id, 'pizza', doc),
  });
  const setShopTopping = (topping: string, body: SoldOutChange) => toppingAvailability.mutate({ topping, body });
  const open = (item: Item) => navigate(shopUrl(shop.id, 'items', routeTypeOf(item.type), item.id, 'edit'));

  const columns: ResponsiveColumn<Item>[] = [
    {
      label: 'resources.catalog.items.fields.image',
      render: (i) => <ImageThumb path={i.image?.image} alt="" />,
      width: 56,
      hideOnPhone: true,
    },
    { label: 'resources.catalog.items.fields.name', render: (i) => i.name, primary: true },
    { label: 'resources.catalog.items.fields.type', render: (i) => translate(`resources.catalog.items.types.${i.type}`) },
    {
      label: 'resources.catalog.items.fields.price',
      render: (i) => `${i.type === 'PIZZA' ? 'from ' : ''}${formatMoney(toCents(i.price), shop.country)}`,
    },
    {
      label: 'resources.catalog.items.fields.availability',
      render: (i) => <AvailabilityToggle item={i} onChange={(body) => availability.mutate({ item: i, body })} />,
    },
  ];

  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, ...touchTargets }}>
      <PageHeader
        inShop
        title={translate('resources.catalog.items.name', { smart_count: 2 })}
        actions={
          <>
            {shopToppings.length > 0 && (
              <Button variant="outlined" startIcon={<TuneIcon />} onClick={() => setShopToppingsOpen(true)}>
                {translate('resources.catalog.items.options.shopToppingsButton')}
              </Button>
            )}
            {editsCatalog && <ItemsCsvActions />}
            {editsCatalog && <NewItemMenu />}
          </>
        }
      />
      <TextField
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={translate('resources.catalog.items.search')}
        size="small"
        sx={{ mb: 2, width: '100%', maxWidth: 420 }}
        slotProps={{
          htmlInput: { 'aria-label': translate('resources.catalog.items.search') },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      {list.error ? (
        <Alert severity="error">{list.error.message}</Alert>
      ) : !list.data ? (
        <Pending />
      ) : list.data.length === 0 ? (
        // The spec's words for a search that found nothing; with no search, the shop simply has no items yet.
        q ? (
          <EmptyState icon={<SearchIcon />} text={messages.noMatchingItems} />
        ) : (
          <EmptyState
            icon={<RestaurantMenuIcon />}
            text={translate('resources.catalog.items.empty')}
            hint={editsCatalog ? translate('resources.catalog.items.emptyHint') : undefined}
          />
        )
      ) : (
        <Card variant="outlined" sx={{ p: { xs: 1, md: 0 } }}>
          <ResponsiveTable
            rows={list.data}
            columns={columns}
            rowKey={(i) => i.id}
            // Cards on phones only: a counter tablet (820 px, the sidebar in its drawer) has room for the table.
            cardsBelow="sm"
            aria-label={translate('resources.catalog.items.menu')}
            actions={(i) => (
              <>
                {editsCatalog && (
                  <>
                    <Tooltip title={translate('resources.catalog.items.actions.open')}>
                      <IconButton
                        aria-label={translate('resources.catalog.items.actions.openItem', { name: i.name })}
                        onClick={() => open(i)}
                      >
                        <EditIcon />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={translate('resources.catalog.items.actions.copy')}>
                      <IconButton
                        aria-label={translate('resources.catalog.items.actions.copyItem', { name: i.name })}
                        onClick={() => copy.mutate(i)}
                        disabled={copy.isPending}
                      >
                        <ContentCopyIcon />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={translate('resources.catalog.items.actions.delete')}>
                      <IconButton
                        aria-label={translate('resources.catalog.items.actions.deleteItem', { name: i.name })}
                        onClick={() => setDeleting(i)}
                      >
                        <DeleteIcon />
                      </IconButton>
                    </Tooltip>
                  </>
                )}
                {/* Last, so the icons line up down the list whether or not a row has Options. */}
                {hasOptions(i, shopToppings) && (
                  <Button
                    size="small"
                    startIcon={<TuneIcon />}
                    aria-label={translate('resources.catalog.items.options.buttonLabel', { name: i.name })}
                    onClick={() => setOptionsId(i.id)}
                  >
                    {translate('resources.catalog.items.options.button')}
                  </Button>
                )}
              </>
            )}
          />
          {(list.total ?? 0) > PER_PAGE && (
            <Pagination
              sx={{ p: 1, display: 'flex', justifyContent: 'center' }}
              count={Math.ceil((list.total ?? 0) / PER_PAGE)}
              page={page}
              onChange={(_, p) => setPaging({ q, page: p })}
              getItemAriaLabel={(type, p) => (type === 'page' ? `Items page ${p}` : `Go to ${type} page of items`)}
            />
          )}
        </Card>
      )}
      <OptionsDialog
        item={optionsItem}
        shopToppings={shopToppings}
        onClose={() => setOptionsId(null)}
        onChange={(item, body) => availability.mutate({ item, body })}
        onShopToppingChange={setShopTopping}
      />
      <ShopToppingsDialog
        open={shopToppingsOpen}
        toppings={shopToppings}
        onClose={() => setShopToppingsOpen(false)}
        onChange={setShopTopping}
      />
      <ConfirmDialog
        isOpen={!!deleting}
        title="resources.catalog.items.actions.deleteConfirm"
        translateOptions={{ name: deleting?.name ?? '' }}
        content="resources.catalog.items.actions.deleteText"
        confirm="ra.action.delete"
        confirmColor="warning"
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          const item = deleting!;
          setDeleting(null);
          remove(
            'items',
            { id: item.id, previousData: item, meta: { shopId: shop.id } },
            { mutationMode: 'pessimistic', onSuccess: refresh },
          );
        }}
      />
    </Box>
  );
}
