import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Button, Card, CardContent, Chip, Divider, List, ListItem, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import type { SessionInfo } from '../../domain/twoFactor';
import { useApi, useApiMutation, useApiQuery } from '../../src/components/api';
import { Pending } from '../../src/components/Pending';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';
import { showDateTime } from '../../src/components/dates';
import type { AccountApi } from './api';

const QUERY_KEY = ['me', 'sessions'];

/** Where the user is signed in: browser, system, network, when; sign one out, or every other one. */
export function SessionsCard() {
  const translate = useTranslate();
  const t = (k: string, o?: Record<string, unknown>) => translate(`resources.account.sessions.${k}`, o);
  const api = useApi<AccountApi>();
  const queryClient = useQueryClient();
  const sessions = useApiQuery({ queryKey: QUERY_KEY, queryFn: () => api.getSessions() });
  const refresh = () => queryClient.invalidateQueries({ queryKey: QUERY_KEY });
  const [confirmOthers, setConfirmOthers] = useState(false);
  const signOut = useApiMutation({ mutationFn: (id: string) => api.signOutSession(id), success: null, onSuccess: refresh });
  const signOutOthers = useApiMutation({ mutationFn: () => api.signOutOtherSessions(), success: null, onSuccess: refresh });
  const device = (s: SessionInfo) => t('device', { browser: s.browser, os: s.os });
  const details = (s: SessionInfo) =>
    [
      `${t('place')}: ${s.location ?? t('unknownPlace')}`,
      `${t('lastSeenAt')}: ${showDateTime(s.lastSeenAt)}`,
      `${t('createdAt')}: ${showDateTime(s.createdAt)}`,
    ].join(' · ');
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  return (
    <Card variant="outlined" component="section" aria-labelledby="sessions-title">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Typography id="sessions-title" variant="h6" component="h2">
            {t('title')}
          </Typography>
          {others > 0 && (
            <Button variant="outlined" color="warning" onClick={() => setConfirmOthers(true)}>
              {t('signOutOthers')}
            </Button>
          )}
        </Box>
        {!sessions.data ? (
          <Pending />
        ) : (
          <List aria-labelledby="sessions-title">
            {sessions.data.map((s, i) => (
              <Box component="li" key={s.id} sx={{ listStyle: 'none' }}>
                {i > 0 && <Divider component="div" />}
                <ListItem
                  component="div"
                  data-testid="session-row"
                  sx={{ px: 0, gap: 2, flexWrap: 'wrap', justifyContent: 'space-between' }}
                >
                  <Box sx={{ minWidth: 0 }}>
                    <Typography component="div" sx={{ fontWeight: 600, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                      {device(s)}
                      {s.current && <Chip size="small" color="success" variant="outlined" label={t('thisDevice')} />}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {details(s)}
                    </Typography>
                  </Box>
                  {!s.current && (
                    <Button
                      color="error"
                      onClick={() => signOut.mutate(s.id)}
                      disabled={signOut.isPending}
                      aria-label={t('signOutNamed', { device: device(s) })}
                    >
                      {t('signOut')}
                    </Button>
                  )}
                </ListItem>
              </Box>
            ))}
          </List>
        )}
        {sessions.data && others === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('empty')}
          </Typography>
        )}
      </CardContent>
      <ConfirmDialog
        isOpen={confirmOthers}
        title={t('signOutOthers')}
        content={t('signOutOthersConfirm')}
        confirm={t('signOut')}
        confirmColor="warning"
        onConfirm={() => {
          signOutOthers.mutate(undefined);
          setConfirmOthers(false);
        }}
        onClose={() => setConfirmOthers(false)}
      />
    </Card>
  );
}
