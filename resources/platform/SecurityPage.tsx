import { useTranslate } from 'react-admin';
import { Card, CardContent, FormControlLabel, Switch, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import type { PlatformSecurity } from '../../domain/shopSecurity';
import { useApi, useApiMutation, useApiQuery } from '../../src/components/api';
import { PageHeader } from '../../src/components/PageHeader';
import { Pending } from '../../src/components/Pending';
import type { PlatformApi } from './api';

const QUERY_KEY = ['platform', 'security'];

/**
 * /platform/security (super admins): whether every super admin must sign in with two-factor. Saved as it is switched;
 * the server asks a fresh proof for it (the step-up dialog), and those without two-factor set it up at their next sign-in.
 */
export function SecurityPage() {
  const translate = useTranslate();
  const t = (k: string) => translate(`resources.platform.security.${k}`);
  const api = useApi<PlatformApi>();
  const queryClient = useQueryClient();
  const rules = useApiQuery({ queryKey: QUERY_KEY, queryFn: () => api.getSecurity() });
  const save = useApiMutation({
    mutationFn: (value: PlatformSecurity) => api.putSecurity(value),
    success: t('saved'),
    onSuccess: (saved) => queryClient.setQueryData(QUERY_KEY, saved),
  });
  return (
    <>
      <PageHeader title={t('name')} />
      <Card variant="outlined">
        <CardContent>
          {!rules.data ? (
            <Pending />
          ) : (
            <>
              <FormControlLabel
                control={
                  <Switch
                    checked={rules.data.requireTwoFactorForSuperAdmins}
                    disabled={save.isPending}
                    onChange={(e) => save.mutate({ requireTwoFactorForSuperAdmins: e.target.checked })}
                  />
                }
                label={t('requireTwoFactorForSuperAdmins')}
              />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('help')}
              </Typography>
            </>
          )}
        </CardContent>
      </Card>
    </>
  );
}
