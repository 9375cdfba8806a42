import { useTranslate } from 'react-admin';
import AppleIcon from '@mui/icons-material/Apple';
import AndroidIcon from '@mui/icons-material/Android';
import { Box, Button, Card, CardContent, Link, List, ListItem, Stack, Typography } from '@mui/material';
import { useApi, useApiQuery } from '../../src/components/api';
import type { AppsApi } from './api';
import { BuildStatusChip } from './BuildStatusChip';
import { showDateTime } from '../../src/components/dates';
import { codeInWords } from '../../src/components/words';
import { TimesIn } from '../../src/components/TimesIn';
import { viewerTimeZone } from '../../domain/dates';
import { useRequestBuild } from './useRequestBuild';

const STORE_NAMES = { APPSTORE: 'App Store', PLAYSTORE: 'Play Store' } as const;

/** The app's builds, newest first, each with every status it went through and when; and the build buttons. */
export function BuildHistory({ bundleId }: { bundleId: string }) {
  const api = useApi<AppsApi>();
  const translate = useTranslate();
  const builds = useApiQuery({ queryKey: ['apps', bundleId, 'builds'], queryFn: () => api.getBuilds(bundleId), refetchInterval: 15_000 });
  const request = useRequestBuild();
  return (
    <Card variant="outlined" sx={{ mt: 3 }}>
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ gap: 1, justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
        >
          <Typography variant="h6" component="h2">
            {translate('resources.apps.builds.title')}
          </Typography>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Button
              size="small"
              variant="outlined"
              startIcon={<AppleIcon />}
              disabled={request.isPending}
              onClick={() => request.mutate({ bundleId, store: 'APPSTORE' })}
            >
              {translate('resources.apps.action.buildIos')}
            </Button>
            <Button
              size="small"
              variant="outlined"
              startIcon={<AndroidIcon />}
              disabled={request.isPending}
              onClick={() => request.mutate({ bundleId, store: 'PLAYSTORE' })}
            >
              {translate('resources.apps.action.buildAndroid')}
            </Button>
          </Stack>
        </Stack>
        {builds.data?.length === 0 && <Typography color="text.secondary">{translate('resources.apps.builds.none')}</Typography>}
        <List aria-label={translate('resources.apps.builds.history')} disablePadding>
          {builds.data?.map((b) => (
            <ListItem key={b.id} divider data-testid="build-row" sx={{ display: 'block', px: 0 }}>
              <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <BuildStatusChip status={b.status} />
                <Typography sx={{ fontWeight: 600 }}>{STORE_NAMES[b.store]}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                  {b.id}
                </Typography>
              </Stack>
              <Box component="ol" sx={{ m: 0, mt: 0.5, pl: 3 }}>
                {b.events.map((e, i) => (
                  <Typography component="li" variant="body2" key={i}>
                    {codeInWords(e.status)} · {showDateTime(e.at)}
                    {e.message ? ` · ${e.message}` : ''}
                  </Typography>
                ))}
              </Box>
              {b.artifactUrl && (
                <Link href={b.artifactUrl} target="_blank" rel="noopener noreferrer" variant="body2">
                  {translate('resources.apps.builds.artifact')}
                </Link>
              )}
            </ListItem>
          ))}
        </List>
        {!!builds.data?.length && <TimesIn zone={viewerTimeZone()} />}
      </CardContent>
    </Card>
  );
}
