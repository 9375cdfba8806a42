import { BooleanInput } from 'react-admin';
import { Typography } from '@mui/material';
import { STAFF_PERMISSIONS, STAFF_PERMISSION_TEXT } from '../../domain/staffPermissions';
import { SettingsKindForm } from '../../src/components/forms/SettingsKindForm';
import { useShopRole } from '../../src/contracts/shopContext';

/**
 * The shop's staff permissions (settings kind staff_permissions): one switch per permission with what it allows.
 * ADMINs set them; staff see what they are allowed, read-only. Processing orders and bookings and marking items sold
 * out are not among them: every member does those.
 */
export function StaffPermissionsPanel() {
  const { can } = useShopRole();
  const isAdmin = can('ADMIN');
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {isAdmin
          ? 'What users (staff) may do besides processing orders and bookings and marking items sold out. Admins can always do everything.'
          : "What your shop's admins allow users (staff) to do besides processing orders and bookings and marking items sold out."}
      </Typography>
      <SettingsKindForm kind="staff_permissions">
        {STAFF_PERMISSIONS.map((p) => (
          <BooleanInput
            key={p}
            source={p}
            label={STAFF_PERMISSION_TEXT[p].label}
            helperText={STAFF_PERMISSION_TEXT[p].description}
            disabled={!isAdmin}
          />
        ))}
      </SettingsKindForm>
    </>
  );
}
