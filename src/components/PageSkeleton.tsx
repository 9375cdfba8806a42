import { useTranslate } from 'react-admin';
import { Box, Skeleton, Stack } from '@mui/material';

export type SkeletonShape = 'list' | 'form';

/** Grey shapes where a list's rows or a form's fields will be: the page keeps its place while its data loads. */
export function SkeletonRows({ shape = 'list', rows = 5 }: { shape?: SkeletonShape; rows?: number }) {
  return (
    <Stack sx={{ gap: shape === 'list' ? 1 : 2 }} aria-hidden>
      {Array.from({ length: rows }, (_, i) =>
        shape === 'list' ? (
          <Skeleton key={i} variant="rounded" height={56} />
        ) : (
          <Box key={i}>
            <Skeleton variant="text" sx={{ width: 140, fontSize: '0.875rem' }} />
            <Skeleton variant="rounded" height={40} />
          </Box>
        ),
      )}
    </Stack>
  );
}

/**
 * What a page shows while its code or data loads: its frame (a title bar) and the shape of its content, at once, rather
 * than a blank area or a spinner. A named progressbar, for screen readers and axe; data-skeleton for tests.
 */
export function PageSkeleton({ shape = 'list' }: { shape?: SkeletonShape }) {
  const translate = useTranslate();
  return (
    <Box
      role="progressbar"
      aria-label={translate('ra.page.loading')}
      aria-busy
      data-skeleton={shape}
      sx={{ py: { xs: 1, sm: 2 }, width: '100%', minWidth: 0 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }} aria-hidden>
        <Skeleton variant="text" sx={{ fontSize: '2rem', width: '40%', maxWidth: 320 }} />
        <Skeleton variant="rounded" width={120} height={44} />
      </Stack>
      <SkeletonRows shape={shape} />
    </Box>
  );
}
