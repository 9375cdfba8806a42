import { Box, Typography } from '@mui/material';
import { useMessage } from '../components/useMessage';

export function Footer() {
  const t = useMessage();
  return (
    <Box component="footer" className="app-chrome" sx={{ py: 2.5, px: 1, mt: 'auto', textAlign: 'center' }}>
      <Typography variant="body2" color="text.secondary">
        {t('app.copyright', { year: new Date().getFullYear() })}
      </Typography>
    </Box>
  );
}
