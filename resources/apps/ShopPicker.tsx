import { useEffect, useState } from 'react';
import { useGetOne, useInput, type InputProps } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { Autocomplete, TextField } from '@mui/material';
import { OUTLET_NAME } from '../../domain/apps';
import type { Shop } from '../../domain/shop';
import { useApi } from '../../src/components/api';

type Option = { id: string; name: string; locality?: string };

/**
 * An outlet's shop, chosen from the whole platform with search (super admins' shop search). Picking a shop names
 * the outlet after it when the outlet has no name yet.
 */
export function ShopPicker({ source, label }: Pick<InputProps, 'source' | 'label'>) {
  const api = useApi();
  const { field, fieldState, id } = useInput<string>({ source });
  const { getValues, setValue } = useFormContext();
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<Option[]>([]);
  const current = useGetOne<Shop>('shops', { id: field.value }, { enabled: Boolean(field.value), retry: false });
  const value: Option | null = field.value ? { id: field.value, name: current.data?.name ?? field.value } : null;

  useEffect(() => {
    const q = input.trim();
    if (q.length < 2 || q === value?.name) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api.searchShops(q, 20, controller.signal).then(
        (shops) => setOptions(shops.map((s) => ({ id: s.id, name: s.name, locality: s.locality }))),
        () => undefined,
      );
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, input, value?.name]);

  return (
    <Autocomplete<Option>
      id={id}
      options={options}
      value={value}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.name}
      getOptionKey={(o) => o.id}
      renderOption={(props, o) => (
        <li {...props} key={o.id}>
          {o.name}
          {o.locality ? ` · ${o.locality}` : ''}
        </li>
      )}
      noOptionsText="Type 2 letters of a shop's name"
      onInputChange={(_e, v) => setInput(v)}
      onChange={(_e, o) => {
        field.onChange(o?.id ?? '');
        const nameField = field.name.replace(/shopId$/, 'name');
        if (o && !getValues(nameField)) setValue(nameField, o.name.slice(0, OUTLET_NAME.max), { shouldValidate: true, shouldDirty: true });
      }}
      onBlur={field.onBlur}
      sx={{ minWidth: { xs: '100%', sm: 260 }, flex: 1 }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={typeof label === 'string' ? label : 'Shop'}
          error={fieldState.invalid}
          helperText={fieldState.error?.message ?? 'Search the platform’s shops'}
          margin="dense"
          size="small"
        />
      )}
    />
  );
}
