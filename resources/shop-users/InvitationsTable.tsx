import { useState } from 'react';
import { useNotify } from 'react-admin';
import { Box, Button, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import DeleteIcon from '@mui/icons-material/Delete';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import { formatDateTime } from '../../domain/dates';
import { messages } from '../../domain/messages';
import type { Invite } from '../../domain/staff';
import { ResponsiveTable } from '../../src/components/ResponsiveTable';
import { staffApi } from './api';
import { RoleChip } from './RoleChip';

/** The Invitations Sent table (spec 3 §2.8): Sent On (shop time), From, To, Role, Resend Invitation, Remove. */
export function InvitationsTable({ shopId, invites, timeZone, onChange }: { shopId: string; invites: Invite[]; timeZone?: string; onChange: () => void }) {
  const notify = useNotify();
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (key: string, call: () => Promise<{ message: string }>, fallback: string) => {
    setBusy(key);
    try {
      const res = await call();
      notify(res.message ?? fallback, { type: 'success' });
      onChange();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  if (invites.length === 0) {
    return (
      <Box sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
        <MailOutlineIcon sx={{ fontSize: 40, opacity: 0.6 }} />
        <Typography sx={{ mt: 1 }}>{messages.noPendingInvitations}</Typography>
      </Box>
    );
  }

  return (
    <ResponsiveTable
      aria-label="Invitations Sent"
      testId="invite-row"
      rows={invites}
      rowKey={(i) => i.id}
      actionsLabel=""
      columns={[
        { label: 'Sent On', render: (i) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(i.created, timeZone)}</Box> },
        { label: 'From', render: (i) => <Box sx={{ overflowWrap: 'anywhere' }}>{i.fromEmail}</Box> },
        {
          label: 'To',
          primary: true,
          render: (i) => (
            <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
              {i.toEmail}
            </Typography>
          ),
        },
        { label: 'Role', render: (i) => <RoleChip role={i.role} />, width: 100 },
      ]}
      actions={(i) => (
        <>
          <Button
            size="small"
            startIcon={<SendIcon />}
            sx={{ whiteSpace: 'nowrap' }}
            disabled={busy !== null}
            onClick={() => run(`resend:${i.id}`, () => staffApi.resendInvite(shopId, i.id), messages.invitationEmailSent)}
          >
            Resend Invitation
          </Button>
          <Button
            size="small"
            color="error"
            startIcon={<DeleteIcon />}
            disabled={busy !== null}
            onClick={() => run(`remove:${i.id}`, () => staffApi.removeInvite(shopId, i.id), messages.inviteRemoved)}
          >
            Remove
          </Button>
        </>
      )}
    />
  );
}
