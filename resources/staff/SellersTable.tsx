import { useState } from 'react';
import { useGetIdentity, useTranslate } from 'react-admin';
import { Box, Button, Typography } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import LogoutIcon from '@mui/icons-material/Logout';
import { messages } from '../../domain/messages';
import type { Seller } from '../../domain/staff';
import { useShop, useShopRole } from '../../src/contracts/shopContext';
import { useApi, useApiMutation } from '../../src/components/api';
import type { StaffApi } from './api';
import { ResponsiveTable } from '../../src/components/ResponsiveTable';
import { RoleChip } from './RoleChip';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';

/**
 * The Shop Users table (spec 3 §2.8): Email, Role, Remove with 'Are you sure?'.
 * A USER may remove USER-role sellers and themselves; their own row says 'Leave shop' (removing yourself leaves it).
 */
export function SellersTable({ sellers, onChange }: { sellers: Seller[]; onChange: () => void }) {
  const translate = useTranslate();
  const api = useApi<StaffApi>();
  const navigate = useNavigate();
  const { shop } = useShop();
  const { can } = useShopRole();
  const { identity } = useGetIdentity();
  const [removing, setRemoving] = useState<Seller | null>(null);
  const remove = useApiMutation({
    mutationFn: (seller: Seller) => api.removeSeller(shop.id, seller.uid),
    success: messages.userRemoved,
    onSuccess: (_, seller) => (seller.uid === identity?.id ? navigate('/shops') : onChange()),
  });

  const canRemove = (s: Seller) => can('removeAdmin') || s.role === 'USER' || s.uid === identity?.id;

  return (
    <>
      <ResponsiveTable
        aria-label={translate('resources.staff.sellers')}
        testId="seller-row"
        rows={sellers}
        rowKey={(s) => s.uid}
        actionsLabel={translate('resources.staff.actions.remove')}
        columns={[
          {
            label: translate('resources.staff.fields.email'),
            render: (s) => (
              <Box>
                <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {s.email}
                  {s.uid === identity?.id && (
                    <Typography component="span" variant="caption" color="text.secondary">
                      {' '}
                      {translate('resources.staff.you')}
                    </Typography>
                  )}
                </Typography>
                {s.name && (
                  <Typography variant="caption" color="text.secondary">
                    {s.name}
                  </Typography>
                )}
              </Box>
            ),
          },
          { label: translate('resources.staff.fields.role'), render: (s) => <RoleChip role={s.role} />, width: 120 },
        ]}
        actions={(s) =>
          s.uid === identity?.id ? (
            // Removing yourself is leaving the shop: the row says so.
            <Button size="small" color="error" startIcon={<LogoutIcon />} onClick={() => setRemoving(s)}>
              {translate('resources.staff.actions.leave')}
            </Button>
          ) : (
            <Button
              size="small"
              color="error"
              startIcon={<PersonRemoveIcon />}
              disabled={!canRemove(s)}
              onClick={() => setRemoving(s)}
              aria-label={translate('resources.staff.actions.removeOne', { email: s.email })}
            >
              {translate('resources.staff.actions.remove')}
            </Button>
          )
        }
      />
      <ConfirmDialog
        isOpen={removing !== null}
        loading={remove.isPending}
        title={messages.areYouSure}
        content={
          !removing
            ? ''
            : removing.uid === identity?.id
              ? translate('resources.staff.actions.leaveConfirm', { shop: shop.name })
              : `${removing.email} will no longer be able to open this shop.`
        }
        confirm={removing?.uid === identity?.id ? 'resources.staff.actions.leave' : 'resources.staff.actions.remove'}
        confirmColor="warning"
        onConfirm={() =>
          removing &&
          remove
            .mutateAsync(removing)
            .catch(() => undefined)
            .finally(() => setRemoving(null))
        }
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
