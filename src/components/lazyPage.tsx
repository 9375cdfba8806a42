import { lazy, Suspense, type ComponentType } from 'react';
import { Box, CircularProgress } from '@mui/material';

const Fallback = () => (
  <Box sx={{ display: 'grid', placeItems: 'center', py: 10 }}>
    <CircularProgress size={32} />
  </Box>
);

/** A route element whose code loads on first visit (keeps the first load small). */
export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  const Page = lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));
  return (
    <Suspense fallback={<Fallback />}>
      <Page />
    </Suspense>
  );
}
