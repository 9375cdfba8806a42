import { Suspense, useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { useQueries } from '@tanstack/react-query';
import { Alert, Box, Card, CardContent, Tab, Tabs } from '@mui/material';
import { useShop } from '../../src/contracts/shopContext';
import { useApi } from '../../src/components/api';
import { PageHeader } from '../../src/components/PageHeader';
import { Pending } from '../../src/components/Pending';
import type { SettingsKindName } from '../../domain/settings';
import { settingsKey } from '../../src/components/settingsQuery';
import type { SettingsTabContext } from './settingsTab';
import { SETTINGS_TABS } from './tabs';

/** Every kind some tab's visibility depends on, loaded once (the forms share the same cache entries). */
const READS = [...new Set(SETTINGS_TABS.flatMap((tab) => tab.reads ?? []))];

/**
 * /shops/{shopId}/settings (spec 3 §2.6): the shop's settings as tabs, the open one in the URL (?tab={id}) so it
 * can be linked and survives a reload. A tab whose `visible` says no is not offered; a link to it opens the first.
 */
export function SettingsPage() {
  const translate = useTranslate();
  const api = useApi();
  const { shop, access } = useShop();
  const [params, setParams] = useSearchParams();
  const documents = useQueries({
    queries: READS.map((kind) => ({
      queryKey: settingsKey(shop.id, kind),
      queryFn: () => api.getSetting(shop.id, kind as SettingsKindName) as Promise<Record<string, unknown>>,
      retry: false,
    })),
  });

  const tabs = useMemo(() => {
    const loaded = new Map(READS.map((kind, i) => [kind, documents[i]?.data]));
    const ctx: SettingsTabContext = { access, setting: (kind) => loaded.get(kind) };
    return SETTINGS_TABS.filter((tab) => !tab.visible || tab.visible(ctx));
  }, [documents, access]);

  const current = tabs.find((tab) => tab.id === params.get('tab')) ?? tabs[0];
  const open = (id: string) => setParams((p) => ({ ...Object.fromEntries(p), tab: id }), { replace: true });
  const Current = current?.element;

  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth: 1000, minWidth: 0, width: '100%' }}>
      <PageHeader inShop title={translate('resources.settings.name')} />
      {current ? (
        // Its width comes from the page, not from its tabs: the strip scrolls instead of widening the page on phones.
        <Card variant="outlined" sx={{ minWidth: 0, contain: 'inline-size' }}>
          <Tabs
            value={current.id}
            onChange={(_, id: string) => open(id)}
            variant="scrollable"
            scrollButtons="auto"
            allowScrollButtonsMobile
            aria-label={translate('resources.settings.name')}
            sx={{ borderBottom: 1, borderColor: 'divider', minWidth: 0 }}
          >
            {tabs.map((tab) => (
              <Tab
                key={tab.id}
                value={tab.id}
                label={translate(tab.label)}
                id={`settings-tab-${tab.id}`}
                aria-controls={`settings-panel-${tab.id}`}
              />
            ))}
          </Tabs>
          <CardContent role="tabpanel" id={`settings-panel-${current.id}`} aria-labelledby={`settings-tab-${current.id}`}>
            <Suspense fallback={<Pending />}>{Current && <Current key={current.id} />}</Suspense>
          </CardContent>
        </Card>
      ) : (
        <Alert severity="info">{translate('resources.settings.none')}</Alert>
      )}
    </Box>
  );
}
