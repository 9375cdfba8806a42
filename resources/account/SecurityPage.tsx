import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PageHeader } from '../../src/components/PageHeader';
import { touchTargets } from '../../src/components/touch';
import { TwoFactorCard } from './TwoFactorCard';
import { SessionsCard } from './SessionsCard';
import { PasswordCard } from './PasswordCard';

/** /account/security: two-factor sign-in, the password, and the sessions the user can see and end. */
export function SecurityPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth: 900, display: 'grid', gap: 2, ...touchTargets }}>
      <PageHeader title={translate('resources.account.security.title')} subtitle={translate('resources.account.security.subtitle')} />
      <TwoFactorCard />
      <PasswordCard />
      <SessionsCard />
    </Box>
  );
}
