import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Button, Card, CardContent, CircularProgress, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { keepPreviousData } from '@tanstack/react-query';
import SearchIcon from '@mui/icons-material/Search';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '../../domain/constants';
import { messages } from '../../domain/messages';
import { ShopActions } from './ShopActions';
import { countryName } from './labels';
import { ShopLogo } from './ShopLogo';
import { countryColumn, statusColumn, typeColumn } from './shopColumns';
import { ShopTable } from './ShopTable';
import { useApi, useApiQuery } from '../../src/components/api';
import { EmptyState, PageHeader } from '../../src/components/PageHeader';
import { shopHome } from '../../src/contracts/urls';
import { useDebounced } from '../../src/components/useDebounced';

/** /shops/search (spec 3 §2.11): typo-tolerant search over every shop, 300 ms after the last key. */
export function SearchPage() {
  const translate = useTranslate();
  const api = useApi();
  const navigate = useNavigate();
  // The query lives in the URL (?q=), so a search can be reloaded and shared.
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(() => params.get('q') ?? '');
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if ((params.get('q') ?? '') !== q) setParams(q ? { q } : {}, { replace: true });
  }, [q, params, setParams]);
  const search = useApiQuery({
    queryKey: ['platform', 'search', q],
    queryFn: ({ signal }) => api.searchShops(q, PAGE_SIZE, signal),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });

  const typing = text.trim() !== q;
  const loading = q !== '' && (search.isFetching || typing);
  const shops = q === '' ? [] : (search.data ?? []);

  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth: 1200 }}>
      <PageHeader title={translate('resources.shops.pages.search')} subtitle={translate('resources.shops.search.subtitle')} />
      <Card variant="outlined">
        <CardContent sx={{ px: { xs: 1.5, sm: 2 } }}>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', mb: 1 }}>
            <TextField
              name="q"
              type="search"
              placeholder={translate('resources.shops.lists.search')}
              value={text}
              onChange={(e) => setText(e.target.value)}
              autoFocus
              sx={{ '& input::-webkit-search-cancel-button': { display: 'none' } }}
              slotProps={{
                htmlInput: { 'aria-label': translate('resources.shops.lists.search') },
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon />
                    </InputAdornment>
                  ),
                  endAdornment: loading ? (
                    <InputAdornment position="end">
                      <CircularProgress size={18} aria-label={messages.searching} />
                    </InputAdornment>
                  ) : undefined,
                },
              }}
            />
            <Button variant="outlined" onClick={() => setText('')} disabled={text === ''} sx={{ flexShrink: 0 }}>
              {translate('resources.shops.actions.clear')}
            </Button>
          </Stack>
          {q === '' ? (
            <EmptyState icon={<SearchIcon />} text={translate('resources.shops.search.start')} />
          ) : loading && shops.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }} role="status">
              {messages.searching}
            </Typography>
          ) : shops.length === 0 && !loading ? (
            <EmptyState icon={<SearchOffIcon />} text={messages.searchNoMatch} />
          ) : (
            <>
              {loading && (
                <Typography variant="body2" color="text.secondary" role="status" sx={{ mb: 1 }}>
                  {messages.searching}
                </Typography>
              )}
              <ShopTable
                aria-label={translate('resources.shops.lists.results')}
                shops={shops}
                onOpen={(shop) => navigate(shopHome(shop.id))}
                columns={[
                  {
                    label: translate('resources.shops.fields.logo'),
                    primary: true,
                    width: 300,
                    render: (s) => (
                      <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center' }}>
                        <ShopLogo shop={s} />
                        <Box sx={{ minWidth: 0 }}>
                          <Typography variant="subtitle1" component="div" sx={{ lineHeight: 1.3 }}>
                            {s.name}
                          </Typography>
                          <Typography variant="body2" color="text.secondary">
                            {/* The Country column gives way on narrower windows; the country stays here. */}
                            {s.locality}, {countryName(s.country)}
                          </Typography>
                        </Box>
                      </Stack>
                    ),
                  },
                  countryColumn,
                  typeColumn,
                  statusColumn(false),
                ]}
                actions={(shop) => <ShopActions shop={shop} show={['view', 'edit']} />}
              />
            </>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
