import { useTranslate } from 'react-admin';
import { Box, CircularProgress } from '@mui/material';

/** What a page or a section shows while its data or code loads (a named progressbar, for screen readers and axe). */
export function Pending({ size = 32, py = 10 }: { size?: number; py?: number }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py }}>
      <CircularProgress size={size} aria-label={translate('ra.page.loading')} />
    </Box>
  );
}
