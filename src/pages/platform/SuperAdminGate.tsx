import type { ReactNode } from 'react';
import { usePermissions } from 'react-admin';
import { Alert, Box, CircularProgress } from '@mui/material';
import { messages } from '../../../domain/messages';
import type { Permissions } from '../../../providers';

/** Platform pages are for super admins; anyone else gets a plain refusal rather than a page of errors. */
export function SuperAdminGate({ children }: { children: ReactNode }) {
  const { permissions, isPending } = usePermissions<Permissions>();
  if (isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 10 }}>
        <CircularProgress size={32} />
      </Box>
    );
  }
  if (!permissions?.isSuperAdmin) {
    return (
      <Alert severity="warning" sx={{ maxWidth: 720, mt: 2 }}>
        {messages.notAllowed}
      </Alert>
    );
  }
  return <>{children}</>;
}
