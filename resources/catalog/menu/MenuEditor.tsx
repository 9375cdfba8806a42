import { useEffect, useMemo, useRef, useState } from 'react';
import { Form, SaveButton, useGetList, useNotify, useTranslate } from 'react-admin';
import { Alert, Box, Button, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import UnfoldLessIcon from '@mui/icons-material/UnfoldLess';
import { useFieldArray, useFormState, useWatch } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import type { Item } from '../../../domain/catalog/item';
import type { Menu } from '../../../domain/catalog/menu';
import { format, messages } from '../../../domain/messages';
import { useShop } from '../../../src/contracts/shopContext';
import { useApi, useApiError, useApiQuery } from '../../../src/components/api';
import type { CatalogApi } from '../api';
import { PageHeader } from '../../../src/components/PageHeader';
import { Pending } from '../../../src/components/Pending';
import { CategoryCard } from './CategoryCard';
import { menuResolver, newCategory, toApi, toForm, type MenuForm } from './menuForm';
import { SortableList, SortableRow } from './Sortable';
import { UnsavedChangesGuard } from '../../../src/components/forms/UnsavedChangesGuard';
import { touchTargets } from '../../../src/components/touch';

/**
 * The menu's categories, in order. One is open at a time (opening one closes the other, a new one opens), so the
 * list stays short enough to reorder; Collapse all closes it.
 */
function Categories({ items }: { items: Map<string, Item> }) {
  const translate = useTranslate();
  const { fields, move, remove, append } = useFieldArray({ name: 'categories' });
  const names = (useWatch({ name: 'categories' }) as { name?: string }[] | undefined) ?? [];
  const nameAt = (i: number) => names[i]?.name || translate('resources.catalog.menu.actions.category', { n: i + 1 });
  // With a single category there is nothing to scan: it starts open.
  const [openId, setOpenId] = useState<string | null>(() => (fields.length === 1 ? fields[0]!.id : null));
  const count = useRef(fields.length);
  useEffect(() => {
    // A category just added opens, ready to be filled in.
    if (fields.length > count.current) setOpenId(fields[fields.length - 1]!.id);
    count.current = fields.length;
  }, [fields]);
  return (
    <Box>
      {fields.length > 1 && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 1 }}>
          <Button size="small" startIcon={<UnfoldLessIcon />} onClick={() => setOpenId(null)} disabled={openId === null}>
            {translate('resources.catalog.menu.actions.collapseAll')}
          </Button>
        </Stack>
      )}
      <SortableList
        ids={fields.map((x) => x.id)}
        move={move}
        listName="the menu"
        nameOf={(id) => `category ${nameAt(fields.findIndex((x) => x.id === id))}`}
      >
        {fields.map((field, i) => (
          <SortableRow
            key={field.id}
            id={field.id}
            index={i}
            count={fields.length}
            label={translate('resources.catalog.menu.actions.categoryRow', { name: nameAt(i) })}
            move={move}
          >
            <CategoryCard
              index={i}
              items={items}
              onRemove={() => remove(i)}
              open={openId === field.id}
              onToggle={() => setOpenId((o) => (o === field.id ? null : field.id))}
            />
          </SortableRow>
        ))}
      </SortableList>
      <Button startIcon={<AddIcon />} onClick={() => append(newCategory())} variant="outlined">
        {translate('resources.catalog.menu.actions.addCategory')}
      </Button>
    </Box>
  );
}

function SaveBar() {
  const { isValid, isSubmitting } = useFormState();
  return (
    <Stack direction="row" sx={{ mt: 2, position: 'sticky', bottom: 0, py: 1, bgcolor: 'background.default', zIndex: 2 }}>
      <SaveButton disabled={!isValid || isSubmitting} />
    </Stack>
  );
}

/**
 * /shops/{shopId}/menu (spec 2 §3, §5): categories and the items in them, reordered by drag and drop (also with the
 * keyboard) or up/down buttons; the whole menu is saved with one PUT of the ordered document.
 */
export function MenuEditor() {
  const { shop } = useShop();
  const api = useApi<CatalogApi>();
  const translate = useTranslate();
  const notify = useNotify();
  const onError = useApiError({ formShowsFieldErrors: true });
  const queryClient = useQueryClient();
  const key = ['shops', shop.id, 'menu'];
  const menu = useApiQuery({ queryKey: key, queryFn: () => api.getMenu(shop.id) });
  const list = useGetList<Item>('items', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
    meta: { shopId: shop.id },
  });
  const items = useMemo(() => new Map((list.data ?? []).map((i) => [i.id, i])), [list.data]);

  if (menu.error) return <Alert severity="error">{menu.error.message}</Alert>;
  if (!menu.data || !list.data) return <Pending />;

  const save = async (values: Record<string, unknown>) => {
    try {
      const saved: Menu = await api.putMenu(shop.id, toApi(values as unknown as MenuForm));
      queryClient.setQueryData(key, saved);
      notify(format(messages.nameUpdated, { name: translate('resources.catalog.menu.name') }), { type: 'success' });
      return undefined;
    } catch (error) {
      return onError(error);
    }
  };

  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth: 960, ...touchTargets }}>
      <PageHeader inShop title={translate('resources.catalog.menu.name')} subtitle={translate('resources.catalog.menu.subtitle')} />
      <Form key={JSON.stringify(menu.data)} record={toForm(menu.data)} resolver={menuResolver} mode="onChange" onSubmit={save}>
        <UnsavedChangesGuard />
        <Categories items={items} />
        <SaveBar />
      </Form>
    </Box>
  );
}
