import { useId, useState } from 'react';
import { SelectInput, TextInput, useNotify, useTranslate } from 'react-admin';
import { Autocomplete, Box, Button, Card, CardContent, Collapse, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import DeleteIcon from '@mui/icons-material/Delete';
import { useFieldArray, useWatch } from 'react-hook-form';
import { CATEGORY_DESCRIPTION_MAX, CATEGORY_NAME_MAX } from '../../../domain/catalog/menu';
import type { Item } from '../../../domain/catalog/item';
import { IMAGE_ASPECT_LABELS } from '../../../domain/constants';
import { messages } from '../../../domain/messages';
import { ImageInput } from '../../../src/components/ImageInput';
import { SortableList, SortableRow } from './Sortable';
import { CategoryHours } from './CategoryHours';

const f = (field: string) => `resources.catalog.menu.fields.${field}`;
const ASPECTS = ['FOUR_TWO', 'FOUR_TWO_POINT_FIVE', 'FOUR_THREE', 'SQUARE', 'FOUR_FIVE', 'FOUR_SIX'] as const;

/** The items of one category, in order, with an "add items" picker. A deleted item stays until removed. */
function CategoryItems({ index, items, categoryName }: { index: number; items: Map<string, Item>; categoryName: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { fields, move, remove, append } = useFieldArray({ name: `categories.${index}.items` });
  const [picked, setPicked] = useState<Item[]>([]);
  const current = (useWatch({ name: `categories.${index}.items` }) as { itemId: string }[] | undefined) ?? [];
  const inCategory = new Set(current.map((i) => i.itemId));
  const options = [...items.values()].filter((i) => !inCategory.has(i.id));
  const add = () => {
    if (picked.length === 0) {
      notify(messages.selectItemsFirst, { type: 'warning' });
      return;
    }
    append(picked.map((i) => ({ itemId: i.id })));
    setPicked([]);
  };
  return (
    <Box>
      <SortableList
        ids={fields.map((x) => x.id)}
        move={move}
        listName={categoryName}
        nameOf={(id) => {
          const itemId = current[fields.findIndex((x) => x.id === id)]?.itemId;
          return (itemId && items.get(itemId)?.name) || translate('resources.catalog.menu.actions.deletedItem');
        }}
      >
        {fields.map((field, i) => {
          const itemId = current[i]?.itemId;
          const item = itemId ? items.get(itemId) : undefined;
          const label = item?.name ?? translate('resources.catalog.menu.actions.deletedItem');
          return (
            <SortableRow key={field.id} id={field.id} index={i} count={fields.length} label={label} move={move}>
              <Stack direction="row" sx={{ alignItems: 'center', gap: 1, minHeight: 40 }}>
                <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }} color={item ? 'text.primary' : 'error'}>
                  {item ? item.name : messages.itemDeletedInMenu}
                </Typography>
                <Tooltip title={translate('resources.catalog.menu.actions.removeItem')}>
                  <IconButton
                    aria-label={translate('resources.catalog.menu.actions.removeItemNamed', { name: label })}
                    onClick={() => remove(i)}
                    size="small"
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Stack>
            </SortableRow>
          );
        })}
      </SortableList>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, mt: 1, alignItems: { sm: 'center' } }}>
        <Autocomplete
          multiple
          size="small"
          options={options}
          value={picked}
          onChange={(_, v) => setPicked(v)}
          getOptionLabel={(o) => o.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(params) => <TextField {...params} label={translate('resources.catalog.menu.actions.itemsToAdd')} />}
          sx={{ flex: 1, minWidth: 0 }}
        />
        <Button onClick={add} variant="outlined">
          {translate('resources.catalog.menu.actions.addItems')}
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * One category: name, description, image, its items; removable. Collapsed, it shows its name and how many items it
 * has, so a long menu can be scanned and reordered; its fields stay in the form either way.
 */
export function CategoryCard({
  index,
  items,
  onRemove,
  open,
  onToggle,
}: {
  index: number;
  items: Map<string, Item>;
  onRemove: () => void;
  open: boolean;
  onToggle: () => void;
}) {
  const translate = useTranslate();
  const aspect = useWatch({ name: `categories.${index}.imageAspect` });
  const name =
    (useWatch({ name: `categories.${index}.name` }) as string) || translate('resources.catalog.menu.actions.category', { n: index + 1 });
  const count = ((useWatch({ name: `categories.${index}.items` }) as unknown[] | undefined) ?? []).length;
  const bodyId = useId();
  return (
    <Card variant="outlined" sx={{ mb: 1.5 }} data-testid="category" data-open={open}>
      <CardContent sx={open ? undefined : { '&:last-child': { pb: 2 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
          <IconButton
            onClick={onToggle}
            aria-expanded={open}
            aria-controls={bodyId}
            aria-label={translate(open ? 'resources.catalog.menu.actions.collapse' : 'resources.catalog.menu.actions.expand', { name })}
          >
            <ExpandMoreIcon sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />
          </IconButton>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere', flex: 1, minWidth: 0 }}>
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }} data-testid="category-count">
            {translate('resources.catalog.menu.actions.itemCount', { smart_count: count })}
          </Typography>
          <Tooltip title={translate('resources.catalog.menu.actions.removeCategory')}>
            <IconButton aria-label={translate('resources.catalog.menu.actions.removeCategoryNamed', { name })} onClick={onRemove}>
              <DeleteIcon />
            </IconButton>
          </Tooltip>
        </Stack>
        <Collapse in={open} id={bodyId}>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ columnGap: 2 }}>
            <TextInput
              source={`categories.${index}.name`}
              label={f('name')}
              helperText={translate('resources.catalog.menu.hints.upTo', { max: CATEGORY_NAME_MAX })}
              sx={{ flex: 1 }}
            />
            <TextInput
              source={`categories.${index}.description`}
              label={f('description')}
              helperText={translate('resources.catalog.menu.hints.upTo', { max: CATEGORY_DESCRIPTION_MAX })}
              sx={{ flex: 2 }}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ columnGap: 2, alignItems: { sm: 'flex-start' } }}>
            <SelectInput
              source={`categories.${index}.imageAspect`}
              label={f('imageAspect')}
              choices={ASPECTS.map((id) => ({ id, name: IMAGE_ASPECT_LABELS[id] }))}
              sx={{ minWidth: 160 }}
            />
            <ImageInput key={aspect} source={`categories.${index}.imageUpload`} label={f('image')} aspect={aspect ?? 'FOUR_TWO'} />
          </Stack>
          <CategoryHours index={index} />
          <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
            {translate('resources.catalog.menu.fields.items')}
          </Typography>
          <CategoryItems index={index} items={items} categoryName={name} />
        </Collapse>
      </CardContent>
    </Card>
  );
}
