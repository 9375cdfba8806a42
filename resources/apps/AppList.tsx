import AddIcon from '@mui/icons-material/Add';
import AppleIcon from '@mui/icons-material/Apple';
import AndroidIcon from '@mui/icons-material/Android';
import EditIcon from '@mui/icons-material/Edit';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import { useGetList, useTranslate } from 'react-admin';
import { Avatar, Box, Button, Card, Stack, Typography } from '@mui/material';
import { Link, useNavigate } from 'react-router-dom';
import type { App } from '../../domain/apps';
import { messages } from '../../domain/messages';
import { useReportedError } from '../../src/components/api';
import { mediaUrl } from '../../src/components/media';
import { EmptyState, PageHeader } from '../../src/components/PageHeader';
import { Pending } from '../../src/components/Pending';
import { ResponsiveTable, type ResponsiveColumn } from '../../src/components/ResponsiveTable';
import { DeploymentCell } from './BuildStatusChip';
import { TimesIn } from '../../src/components/TimesIn';
import { viewerTimeZone } from '../../domain/dates';
import { RunnerTokens } from './RunnerTokens';
import { useRequestBuild } from './useRequestBuild';
import { editUrl } from './urls';

/** /whitelabel/apps/list (spec 1 §2, §4): every white-label app, its stores' build states, and build requests. */
export function AppList() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const label = (f: string) => translate(`resources.apps.fields.${f}`);
  const { data, isPending, error } = useGetList<App>('whitelabel/apps', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
  });
  useReportedError(error);
  const build = useRequestBuild();

  const columns: ResponsiveColumn<App>[] = [
    {
      label: label('name'),
      primary: true,
      render: (a) => (
        <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', minWidth: 0 }}>
          <Avatar variant="rounded" src={mediaUrl(a.logo.path, 300)} alt="" sx={{ width: 40, height: 40 }} />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }}>{a.name}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
              {a.bundleId}
            </Typography>
          </Box>
        </Stack>
      ),
    },
    { label: label('outlets'), render: (a) => a.outlets.length, width: 90 },
    { label: label('appstore'), render: (a) => <DeploymentCell deployment={a.appstore} /> },
    { label: label('playstore'), render: (a) => <DeploymentCell deployment={a.playstore} /> },
  ];

  return (
    <Box sx={{ py: { xs: 1, sm: 2 } }}>
      <PageHeader
        title={translate('resources.apps.menu.list')}
        subtitle={translate('resources.apps.list.subtitle')}
        actions={
          <Button component={Link} to="/whitelabel/apps/create" variant="contained" startIcon={<AddIcon />}>
            {translate('resources.apps.action.new')}
          </Button>
        }
      />
      <Card variant="outlined">
        {isPending ? (
          <Pending />
        ) : !data?.length ? (
          <EmptyState icon={<PhoneIphoneIcon />} text={messages.noApps} />
        ) : (
          <ResponsiveTable
            aria-label={translate('resources.apps.menu.list')}
            rows={data}
            rowKey={(a) => a.bundleId}
            testId="app-row"
            columns={columns}
            onOpen={(a) => navigate(editUrl(a.bundleId))}
            actions={(a) => (
              <>
                <Button
                  size="small"
                  component={Link}
                  to={editUrl(a.bundleId)}
                  startIcon={<EditIcon />}
                  aria-label={translate('resources.apps.action.edit', { name: a.name })}
                >
                  {translate('ra.action.edit')}
                </Button>
                <Button
                  size="small"
                  startIcon={<AppleIcon />}
                  disabled={build.isPending}
                  onClick={() => build.mutate({ bundleId: a.bundleId, store: 'APPSTORE' })}
                  aria-label={translate('resources.apps.action.buildIosOf', { name: a.name })}
                >
                  {translate('resources.apps.action.buildIos')}
                </Button>
                <Button
                  size="small"
                  startIcon={<AndroidIcon />}
                  disabled={build.isPending}
                  onClick={() => build.mutate({ bundleId: a.bundleId, store: 'PLAYSTORE' })}
                  aria-label={translate('resources.apps.action.buildAndroidOf', { name: a.name })}
                >
                  {translate('resources.apps.action.buildAndroid')}
                </Button>
              </>
            )}
          />
        )}
      </Card>
      {!!data?.length && <TimesIn zone={viewerTimeZone()} />}
      <RunnerTokens />
    </Box>
  );
}
