import { Box, Button, Typography } from '@mui/material';
import { useLogout } from 'react-admin';
import { reloadUser } from '../../providers/authProvider';
import { AccountShell } from '../components/AccountShell';
import { useMessage } from '../components/useMessage';
import { MountsContext, useMounted } from '../contracts/mounts';
import { mounts } from '../sections';

/**
 * The gate of the signed-in area for a user who must sign in with two-factor (their shop's or the platform's rule)
 * and has not set it up: the server lets their session do nothing else. Once it is on (and the recovery codes were
 * shown) the account is read again and the layout lets them on to the page they were going to.
 */
export default function TwoFactorSetupRequired() {
  return (
    <MountsContext.Provider value={mounts}>
      <Gate />
    </MountsContext.Provider>
  );
}

function Gate() {
  const t = useMessage();
  const logout = useLogout();
  const setups = useMounted('account.twoFactorSetup');
  const done = () => void reloadUser().catch(() => null);
  return (
    <AccountShell title={t('account.twoFactorRequiredTitle')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('account.twoFactorRequiredHint')}
      </Typography>
      {setups.map((Setup, i) => (
        <Setup key={i} onDone={done} />
      ))}
      <Box sx={{ mt: 2 }}>
        <Button variant="text" onClick={() => logout(undefined, undefined, false)}>
          {t('app.logout')}
        </Button>
      </Box>
    </AccountShell>
  );
}
