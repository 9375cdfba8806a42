import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { INVITE_TTL_MS } from '../../domain/constants';
import { Box, Button, Card, CardContent, CardHeader, Stack } from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import { useShop, useShopRole } from '../../src/contracts/shopContext';
import { PageHeader } from '../../src/components/PageHeader';
import { Pending } from '../../src/components/Pending';
import { AddUserDialog } from './AddUserDialog';
import { InvitationsTable } from './InvitationsTable';
import { InviteUserDialog } from './InviteUserDialog';
import { SellersTable } from './SellersTable';
import { StaffPermissionsPanel } from './StaffPermissionsPanel';
import { useStaff } from './useStaff';

function Section({ title, subheader, children }: { title: string; subheader?: string; children: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardHeader title={title} subheader={subheader} slotProps={{ title: { variant: 'h6', component: 'h2' } }} sx={{ pb: 0 }} />
      <CardContent sx={{ px: { xs: 1.5, sm: 2 } }}>{children}</CardContent>
    </Card>
  );
}

/**
 * /shops/{shopId}/users (spec 3 §2.8): who works at the shop, who has been invited, and what its staff may do. Tables
 * are not paginated.
 */
export function ShopUsersPage() {
  const translate = useTranslate();
  const { shop } = useShop();
  const { can } = useShopRole();
  const { sellers, invites, refresh } = useStaff(shop.id);
  const [dialog, setDialog] = useState<'invite' | 'add' | null>(null);
  const mayAddUsers = can('addUser');

  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <PageHeader
        inShop
        title={translate('resources.staff.menu')}
        subtitle={translate('resources.staff.subtitle', { shop: shop.name })}
        actions={
          <>
            <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setDialog('invite')}>
              {translate('resources.staff.actions.invite')}
            </Button>
            {mayAddUsers && (
              <Button variant="outlined" startIcon={<GroupAddIcon />} onClick={() => setDialog('add')}>
                {translate('resources.staff.actions.addUser')}
              </Button>
            )}
          </>
        }
      />

      <Stack spacing={2}>
        <Section title={translate('resources.staff.sellers')}>
          {sellers.data ? (
            <SellersTable sellers={sellers.data} onChange={refresh} />
          ) : sellers.isPending ? (
            <Pending size={28} py={3} />
          ) : null}
        </Section>
        <Section
          title={translate('resources.staff.invitationsSent')}
          subheader={`Pending invitations. Each link works once and expires after ${INVITE_TTL_MS / 86_400_000} days.`}
        >
          {invites.data ? (
            <InvitationsTable invites={invites.data} timeZone={shop.timezone} onChange={refresh} />
          ) : invites.isPending ? (
            <Pending size={28} py={3} />
          ) : null}
        </Section>
        <Section title={translate('resources.staff.permissions')}>
          <StaffPermissionsPanel />
        </Section>
      </Stack>

      <InviteUserDialog open={dialog === 'invite'} onClose={() => setDialog(null)} onInvited={refresh} />
      {mayAddUsers && <AddUserDialog shopId={shop.id} open={dialog === 'add'} onClose={() => setDialog(null)} onAdded={refresh} />}
    </Box>
  );
}
