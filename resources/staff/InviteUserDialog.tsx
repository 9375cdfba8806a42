import { useTranslate } from 'react-admin';
import { DialogContentText, FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup, TextField } from '@mui/material';
import { messages } from '../../domain/messages';
import type { SellerRole } from '../../domain/shop';
import { inviteBody } from '../../domain/staff';
import { useShop, useShopRole } from '../../src/contracts/shopContext';
import { useApi, useApiMutation } from '../../src/components/api';
import type { StaffApi } from './api';
import { FormDialog } from '../../src/components/FormDialog';
import { useSchemaForm } from '../../src/components/forms/useSchemaForm';

/**
 * Invite User (spec 3 §2.8, §5): Email and Role. A USER may only invite USERs, so Admin is offered
 * to the shop's admins only.
 */
export function InviteUserDialog({ open, onClose, onInvited }: { open: boolean; onClose: () => void; onInvited: () => void }) {
  const translate = useTranslate();
  const api = useApi<StaffApi>();
  const shopId = useShop().shop.id;
  const { can } = useShopRole();
  const mayInviteAdmins = can('inviteAdmin');
  const invite = useApiMutation({
    mutationFn: (data: { to: string; role: SellerRole }) => api.invite(shopId, data),
    success: messages.userInvited,
    onSuccess: onInvited,
  });
  const { values, errors, saving, change, setValues, submit, close } = useSchemaForm(
    inviteBody,
    { to: '', role: 'USER' as SellerRole },
    { onClose, save: invite.mutateAsync },
  );

  return (
    <FormDialog
      id="invite-user-title"
      title={translate('resources.staff.actions.invite')}
      submitLabel={translate('resources.staff.actions.sendInvitation')}
      open={open}
      saving={saving}
      onSubmit={submit}
      onClose={close}
    >
      <DialogContentText sx={{ mb: 1 }}>{messages.inviteEmailRequired}</DialogContentText>
      <TextField
        autoFocus
        name="to"
        type="email"
        label={translate('resources.staff.invites.fields.to')}
        value={values.to}
        onChange={(e) => change('to', e.target.value)}
        error={!!errors.to}
        helperText={errors.to || ' '}
        autoComplete="off"
      />
      <FormControl sx={{ mt: 1 }} error={!!errors.role}>
        <FormLabel id="invite-role-label">{translate('resources.staff.invites.fields.role')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="invite-role-label"
          name="role"
          value={values.role}
          onChange={(e) => setValues((v) => ({ ...v, role: e.target.value as SellerRole }))}
        >
          <FormControlLabel
            value="ADMIN"
            control={<Radio />}
            label={translate('resources.staff.roles.ADMIN')}
            disabled={!mayInviteAdmins}
          />
          <FormControlLabel value="USER" control={<Radio />} label={translate('resources.staff.roles.USER')} />
        </RadioGroup>
        <FormHelperText>
          {errors.role || (mayInviteAdmins ? 'Admins can also edit the shop and manage admins.' : 'Only admins can invite admins.')}
        </FormHelperText>
      </FormControl>
    </FormDialog>
  );
}
