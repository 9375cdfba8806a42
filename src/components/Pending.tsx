import { useTranslate } from 'react-admin';
import { Box, CircularProgress } from '@mui/material';
import { SkeletonRows } from './PageSkeleton';

/**
 * What a page or a section shows while its data or code loads (a named progressbar, for screen readers and axe): by
 * default the shape of rows to come, so the area keeps its place; a spinner of `size` where a small part waits.
 */
export function Pending({ size, py }: { size?: number; py?: number }) {
  const translate = useTranslate();
  if (size === undefined && py === undefined)
    return (
      <Box role="progressbar" aria-label={translate('ra.page.loading')} aria-busy data-skeleton="rows" sx={{ py: 1, width: '100%' }}>
        <SkeletonRows rows={3} />
      </Box>
    );
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: py ?? 10 }}>
      <CircularProgress size={size ?? 32} aria-label={translate('ra.page.loading')} />
    </Box>
  );
}
