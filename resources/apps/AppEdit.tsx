import { useState } from 'react';
import { Edit, SimpleForm, useGetOne, useNotify, useRedirect, useTranslate } from 'react-admin';
import { Box, Card, Tab, Tabs } from '@mui/material';
import { useParams } from 'react-router-dom';
import type { App } from '../../domain/apps';
import { format, messages } from '../../domain/messages';
import { useApiError } from '../../src/components/api';
import { PageHeader } from '../../src/components/PageHeader';
import { Pending } from '../../src/components/Pending';
import { AppFormToolbar } from './AppFormToolbar';
import { AppInputs } from './AppInputs';
import { AppstoreTab } from './AppstoreTab';
import { appBasicResolver } from './appResolvers';
import { BuildHistory } from './BuildHistory';
import { PlaystoreTab } from './PlaystoreTab';
import { APPS_LIST_URL } from './urls';
import { UnsavedChangesGuard } from '../../src/components/forms/UnsavedChangesGuard';

const TABS = ['Basic', 'Appstore', 'Playstore'] as const;

/** /whitelabel/apps/{bundleId}/edit (spec 1 §2): tabs Basic, Appstore, Playstore, then the app's builds. */
export function AppEdit() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const onError = useApiError({ formShowsFieldErrors: true });
  const bundleId = useParams().bundleId ?? '';
  const [tab, setTab] = useState(0);
  const app = useGetOne<App>(
    'whitelabel/apps',
    { id: bundleId },
    {
      retry: false,
      onError: (error: Error) => {
        notify(error.message || format(messages.cannotFind, { name: 'app', id: bundleId }), { type: 'error' });
        redirect(APPS_LIST_URL);
      },
    },
  );
  if (app.isPending || !app.data) return <Pending />;
  const name = app.data.name;
  return (
    <Box sx={{ py: { xs: 1, sm: 2 } }}>
      <PageHeader title={name} subtitle={bundleId} />
      <Card variant="outlined" sx={{ maxWidth: 860 }}>
        <Tabs
          value={tab}
          onChange={(_e, v: number) => setTab(v)}
          aria-label={translate('resources.apps.action.settings')}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {TABS.map((t, i) => (
            <Tab key={t} label={t} id={`app-tab-${i}`} aria-controls={`app-tabpanel-${i}`} />
          ))}
        </Tabs>
        <Box role="tabpanel" id={`app-tabpanel-${tab}`} aria-labelledby={`app-tab-${tab}`} sx={{ p: tab === 0 ? 0 : { xs: 2, sm: 3 } }}>
          {tab === 0 && (
            <Edit
              resource="whitelabel/apps"
              id={bundleId}
              title={false}
              actions={false}
              sx={{ '& .RaEdit-main': { mt: 0 }, '& .RaEdit-card': { boxShadow: 'none' } }}
              mutationMode="pessimistic"
              transform={(data: App) => ({
                name: data.name,
                logo: data.logo,
                outlets: data.outlets,
                rememberShop: data.rememberShop,
                multiBrand: data.multiBrand,
                enableSearch: data.enableSearch,
                shopSelectPageTitle: data.shopSelectPageTitle,
                shopSelectPageSubtitle: data.shopSelectPageSubtitle,
              })}
              mutationOptions={{
                onSuccess: (saved: App) => {
                  notify(format(messages.appUpdated, { name: saved.name }), { type: 'success' });
                  redirect(APPS_LIST_URL);
                },
                onError,
              }}
            >
              <SimpleForm resolver={appBasicResolver} mode="onChange" toolbar={<AppFormToolbar label={translate('ra.action.save')} />}>
                <UnsavedChangesGuard />
                <AppInputs />
              </SimpleForm>
            </Edit>
          )}
          {tab === 1 && <AppstoreTab bundleId={bundleId} appName={name} />}
          {tab === 2 && <PlaystoreTab bundleId={bundleId} appName={name} />}
        </Box>
      </Card>
      <BuildHistory bundleId={bundleId} />
    </Box>
  );
}
