import { useTranslate } from 'react-admin';
import { Box, CircularProgress } from '@mui/material';
import { Brand } from './Brand';

/** What a first load or a lazy page shows while its code or session arrives. */
export function LoadingScreen() {
  const translate = useTranslate();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 3 }}>
      <Brand />
      <CircularProgress size={28} aria-label={translate('ra.page.loading')} />
    </Box>
  );
}
