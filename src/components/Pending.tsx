import { Box, CircularProgress } from '@mui/material';

/** What a page or a section shows while its data or code loads. */
export function Pending({ size = 32, py = 10 }: { size?: number; py?: number }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py }} role="progressbar" aria-label="Loading">
      <CircularProgress size={size} />
    </Box>
  );
}
