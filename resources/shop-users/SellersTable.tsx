import { useState } from 'react';
import { Confirm, useGetIdentity, useNotify } from 'react-admin';
import { Box, Button, Typography } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { messages } from '../../domain/messages';
import type { SellerRole } from '../../domain/shop';
import type { Seller } from '../../domain/staff';
import { ResponsiveTable } from '../../src/components/ResponsiveTable';
import { staffApi } from './api';
import { RoleChip } from './RoleChip';

/**
 * The Shop Users table (spec 3 §2.8): Email, Role, Remove with 'Are you sure?'.
 * A USER may remove USER-role sellers and themselves; removing yourself leaves the shop.
 */
export function SellersTable({ shopId, sellers, myRole, onChange }: { shopId: string; sellers: Seller[]; myRole: SellerRole; onChange: () => void }) {
  const notify = useNotify();
  const navigate = useNavigate();
  const { identity } = useGetIdentity();
  const [removing, setRemoving] = useState<Seller | null>(null);
  const [busy, setBusy] = useState(false);

  const canRemove = (s: Seller) => myRole === 'ADMIN' || s.role === 'USER' || s.uid === identity?.id;

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      const res = await staffApi.removeSeller(shopId, removing.uid);
      notify(res.message ?? messages.userRemoved, { type: 'success' });
      if (removing.uid === identity?.id) navigate('/shops');
      else onChange();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  };

  return (
    <>
      <ResponsiveTable
        aria-label="Shop Users"
        testId="seller-row"
        rows={sellers}
        rowKey={(s) => s.uid}
        actionsLabel="Remove"
        columns={[
          {
            label: 'Email',
            render: (s) => (
              <Box>
                <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {s.email}
                  {s.uid === identity?.id && (
                    <Typography component="span" variant="caption" color="text.secondary">
                      {' '}
                      (you)
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
          { label: 'Role', render: (s) => <RoleChip role={s.role} />, width: 120 },
        ]}
        actions={(s) => (
          <Button size="small" color="error" startIcon={<PersonRemoveIcon />} disabled={!canRemove(s)} onClick={() => setRemoving(s)}>
            Remove
          </Button>
        )}
      />
      <Confirm
        isOpen={removing !== null}
        loading={busy}
        title={messages.areYouSure}
        content={removing ? `${removing.email} will no longer be able to open this shop.` : ''}
        confirm="Remove"
        confirmColor="warning"
        onConfirm={remove}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
