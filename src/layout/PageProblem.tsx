import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useFirstViewHandover } from '../components/prerendered';

/** A page that cannot be shown (unknown shop, no right to see it): its one h1, why, and a way on. */
export function PageProblem({
  title,
  message,
  severity = 'error',
  back,
}: {
  title: string;
  message: ReactNode;
  severity?: 'error' | 'warning';
  back?: { to: string; label: string };
}) {
  // A page's first view may show what this page refuses (the shop went away meanwhile): this says so instead.
  useFirstViewHandover(true);
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', mt: { xs: 3, sm: 6 } }} data-testid="page-problem">
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Alert
        severity={severity}
        action={
          back && (
            <Button component={RouterLink} to={back.to} color="inherit" size="small">
              {back.label}
            </Button>
          )
        }
      >
        {message}
      </Alert>
    </Box>
  );
}
