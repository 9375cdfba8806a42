import { Chip } from '@mui/material';
import type { SellerRole } from '../../domain/shop';

export const ROLE_LABELS: Record<SellerRole, string> = { ADMIN: 'Admin', USER: 'User' };

export function RoleChip({ role }: { role: SellerRole }) {
  return <Chip size="small" label={ROLE_LABELS[role]} color={role === 'ADMIN' ? 'secondary' : 'default'} variant={role === 'ADMIN' ? 'filled' : 'outlined'} />;
}
