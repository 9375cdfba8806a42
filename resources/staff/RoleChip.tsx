import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SellerRole } from '../../domain/shop';

export function RoleChip({ role }: { role: SellerRole }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      label={translate(`resources.staff.roles.${role}`)}
      color={role === 'ADMIN' ? 'secondary' : 'default'}
      variant={role === 'ADMIN' ? 'filled' : 'outlined'}
    />
  );
}
