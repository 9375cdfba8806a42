import { useState, type ReactNode } from 'react';
import { INVITE_TTL_MS } from '../../domain/constants';
import { Box, Button, Card, CardContent, CardHeader, CircularProgress, Stack } from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import { useIsSuperAdmin } from '../../providers';
import { PageHeader } from '../../src/components/PageHeader';
import { useShop } from '../../src/layout/ShopContext';
import { AddUserDialog } from './AddUserDialog';
import { InvitationsTable } from './InvitationsTable';
import { InviteUserDialog } from './InviteUserDialog';
import { SellersTable } from './SellersTable';
import { useStaff } from './useStaff';

function Section({ title, subheader, children }: { title: string; subheader?: string; children: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardHeader title={title} subheader={subheader} slotProps={{ title: { variant: 'h6', component: 'h2' } }} sx={{ pb: 0 }} />
      <CardContent sx={{ px: { xs: 1.5, sm: 2 } }}>{children}</CardContent>
    </Card>
  );
}

const Pending = () => (
  <Box sx={{ py: 3, display: 'flex', justifyContent: 'center' }}>
    <CircularProgress size={28} />
  </Box>
);

/** /shops/{shopId}/users (spec 3 §2.8): who works at the shop and who has been invited. Tables are not paginated. */
export function ShopUsersPage() {
  const isSuperAdmin = useIsSuperAdmin();
  const { shop, role: myRole } = useShop();
  const shopId = shop.id;
  const { sellers, invites, refresh } = useStaff(shopId);
  const [dialog, setDialog] = useState<'invite' | 'add' | null>(null);

  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <PageHeader
        inShop
        title="Users"
        subtitle={`People who can open ${shop.name} in the console.`}
        actions={
          <>
            <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setDialog('invite')}>
              Invite User
            </Button>
            {isSuperAdmin && (
              <Button variant="outlined" startIcon={<GroupAddIcon />} onClick={() => setDialog('add')}>
                Add User
              </Button>
            )}
          </>
        }
      />

      <Stack spacing={2}>
        <Section title="Shop Users">
          {sellers.data ? (
            <SellersTable shopId={shopId} sellers={sellers.data} myRole={myRole} onChange={refresh} />
          ) : sellers.isPending ? (
            <Pending />
          ) : null}
        </Section>
        <Section title="Invitations Sent" subheader={`Pending invitations. Each link works once and expires after ${INVITE_TTL_MS / 86_400_000} days.`}>
          {invites.data ? (
            <InvitationsTable shopId={shopId} invites={invites.data} timeZone={shop.timezone} onChange={refresh} />
          ) : invites.isPending ? (
            <Pending />
          ) : null}
        </Section>
      </Stack>

      <InviteUserDialog shopId={shopId} open={dialog === 'invite'} myRole={myRole} onClose={() => setDialog(null)} onInvited={refresh} />
      {isSuperAdmin && <AddUserDialog shopId={shopId} open={dialog === 'add'} onClose={() => setDialog(null)} onAdded={refresh} />}
    </Box>
  );
}
