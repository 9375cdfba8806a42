import { BooleanInput } from 'react-admin';
import { SettingsKindForm } from '../../../src/components/forms/SettingsKindForm';

/**
 * Security tab (ADMINs, settings kind `security`): every member must sign in with two-factor; one who has not set it
 * up is taken to set-up after their password at their next sign-in. Saving asks a fresh proof (the server's step-up).
 */
export function SecurityTab() {
  return (
    <SettingsKindForm kind="security">
      <BooleanInput
        source="requireTwoFactor"
        label="resources.settings.security.requireTwoFactor"
        helperText="resources.settings.security.requireTwoFactorHelp"
      />
    </SettingsKindForm>
  );
}
