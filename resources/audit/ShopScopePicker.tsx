import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Autocomplete, TextField } from '@mui/material';
import { useApi } from '../../src/components/api';

export type ShopScope = { id: string; name: string };

/**
 * Which log the platform page shows: every shop's (nothing chosen), the platform's own, or one shop's, found by
 * typing two letters of its name (the super admins' shop search).
 */
export function ShopScopePicker({ value, onChange }: { value: ShopScope | null; onChange: (scope: ShopScope | null) => void }) {
  const translate = useTranslate();
  const api = useApi();
  const own: ShopScope = { id: 'platform', name: translate('resources.audit.platformOwn') };
  const [input, setInput] = useState('');
  const [found, setFound] = useState<ShopScope[]>([]);

  useEffect(() => {
    const q = input.trim();
    if (q.length < 2 || q === value?.name) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api.searchShops(q, 20, controller.signal).then(
        (shops) => setFound(shops.map((s) => ({ id: s.id, name: s.name }))),
        () => undefined,
      );
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, input, value?.name]);

  return (
    <Autocomplete<ShopScope>
      size="small"
      autoHighlight
      options={[own, ...found]}
      value={value}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.name}
      getOptionKey={(o) => o.id}
      noOptionsText={translate('resources.audit.shopSearch')}
      onInputChange={(_e, v) => setInput(v)}
      onChange={(_e, o) => onChange(o)}
      sx={{ width: { xs: '100%', sm: 260 } }}
      renderInput={(params) => (
        <TextField {...params} label={translate('resources.audit.fields.shop')} placeholder={translate('resources.audit.allShops')} />
      )}
    />
  );
}
