import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Button, Stack, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import DeleteIcon from '@mui/icons-material/Delete';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import { viewerTimeZone } from '../../domain/dates';
import { showDateTime } from '../../src/components/dates';
import { messages } from '../../domain/messages';
import type { Invite } from '../../domain/staff';
import { useShop } from '../../src/contracts/shopContext';
import { useApi, useApiMutation } from '../../src/components/api';
import type { StaffApi } from './api';
import { ResponsiveTable } from '../../src/components/ResponsiveTable';
import { TimesIn } from '../../src/components/TimesIn';
import { RoleChip } from './RoleChip';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';

/**
 * The Invitations Sent table (spec 3 §2.8): Sent On (shop time), From, To, Role, and two separate actions,
 * each named for its invitation: Resend Invitation, and Remove after a confirmation.
 */
export function InvitationsTable({ invites, timeZone, onChange }: { invites: Invite[]; timeZone?: string; onChange: () => void }) {
  const translate = useTranslate();
  const api = useApi<StaffApi>();
  const { shop } = useShop();
  const [removing, setRemoving] = useState<Invite | null>(null);
  const resend = useApiMutation({
    mutationFn: (invite: Invite) => api.resendInvite(shop.id, invite.id),
    success: messages.invitationEmailSent,
    onSuccess: onChange,
  });
  const remove = useApiMutation({
    mutationFn: (invite: Invite) => api.removeInvite(shop.id, invite.id),
    success: messages.inviteRemoved,
    onSuccess: onChange,
  });
  const busy = resend.isPending || remove.isPending;

  if (invites.length === 0) {
    return (
      <Box sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
        <MailOutlineIcon sx={{ fontSize: 40, opacity: 0.6 }} />
        <Typography sx={{ mt: 1 }}>{messages.noPendingInvitations}</Typography>
      </Box>
    );
  }

  const field = (name: string) => translate(`resources.staff.invites.fields.${name}`);
  // The shop's clock, and the screen says which.
  const zone = timeZone ?? viewerTimeZone();
  return (
    <>
      <ResponsiveTable
        aria-label={translate('resources.staff.invitationsSent')}
        testId="invite-row"
        // Two e-mail addresses side by side need a wide window; below lg each invitation is a card.
        cardsBelow="lg"
        rows={invites}
        rowKey={(i) => i.id}
        actionsLabel=""
        columns={[
          { label: field('created'), render: (i) => <Box sx={{ whiteSpace: 'nowrap' }}>{showDateTime(i.created, zone)}</Box> },
          { label: field('fromEmail'), render: (i) => <Box sx={{ overflowWrap: 'anywhere' }}>{i.fromEmail}</Box> },
          {
            label: field('toEmail'),
            primary: true,
            render: (i) => (
              <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                {i.toEmail}
              </Typography>
            ),
          },
          { label: field('role'), render: (i) => <RoleChip role={i.role} />, width: 100 },
        ]}
        actions={(i) => (
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Button
              size="small"
              variant="outlined"
              startIcon={<SendIcon />}
              sx={{ whiteSpace: 'nowrap' }}
              disabled={busy}
              aria-label={translate('resources.staff.invites.action.resendTo', { email: i.toEmail })}
              onClick={() => resend.mutate(i)}
            >
              {translate('resources.staff.invites.action.resend')}
            </Button>
            <Button
              size="small"
              variant="outlined"
              color="error"
              startIcon={<DeleteIcon />}
              disabled={busy}
              aria-label={translate('resources.staff.invites.action.removeTo', { email: i.toEmail })}
              onClick={() => setRemoving(i)}
            >
              {translate('resources.staff.invites.action.remove')}
            </Button>
          </Stack>
        )}
      />
      <TimesIn zone={zone} />
      <ConfirmDialog
        isOpen={removing !== null}
        loading={remove.isPending}
        title={messages.areYouSure}
        content={removing ? translate('resources.staff.invites.action.removeConfirm', { email: removing.toEmail }) : ''}
        confirm={translate('resources.staff.invites.action.remove')}
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
