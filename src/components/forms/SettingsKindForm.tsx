import type { ReactNode } from 'react';
import { ResourceContextProvider, SaveButton, SimpleForm, Toolbar, useTranslate, type NotificationOptions } from 'react-admin';
import { Alert, Box } from '@mui/material';
import { useFormState } from 'react-hook-form';
import { messages } from '../../../domain/messages';
import { SETTINGS, type SettingsKind, type SettingsKindName, type SettingsRole, type SettingsValue } from '../../../domain/settings';
import { useShop } from '../../contracts/shopContext';
import { allows } from '../../contracts/access';
import type { Access } from '../../contracts/shopSection';
import { useApi, useApiMutation } from '../api';
import type { SettingKinds } from '../../../providers/dataProvider';
import { Pending } from '../Pending';
import { schemaResolver } from './schemaResolver';
import { useSettingsDocument, useStoreSettings } from '../settingsQuery';

const ACCESS_OF: Record<SettingsRole, Access> = { USER: 'USER', ADMIN: 'ADMIN', superAdmin: 'SUPER_ADMIN' };

function SettingsToolbar({ canWrite }: { canWrite: boolean }) {
  const { isValid, isSubmitting } = useFormState();
  return (
    <Toolbar>
      <SaveButton disabled={!canWrite || !isValid || isSubmitting} />
    </Toolbar>
  );
}

/**
 * One settings kind as a form (spec 3 §2.6): loads GET /api/shops/{shopId}/settings/{kind}, checks the values with
 * the kind's domain schema as they change (Save disabled while invalid), saves with PUT and stays on the page with
 * 'Saved'. The server's field errors show under the fields. `children` are the kind's inputs, named by the
 * document's field paths.
 */
export function SettingsKindForm<K extends SettingsKindName>({
  kind,
  children,
  onSaved,
  savedToast,
}: {
  kind: K;
  children: ReactNode;
  onSaved?: () => void;
  /** Where and how 'Saved' shows, for a page whose toast would cover what the user checks next. */
  savedToast?: NotificationOptions;
}) {
  const api = useApi();
  const translate = useTranslate();
  const { shop, access } = useShop();
  const store = useStoreSettings();
  const definition = SETTINGS[kind] as unknown as SettingsKind;
  // The schema the server checks with for this shop (the contact phone is one of the shop's country).
  const schema = definition.schemaFor ? definition.schemaFor(shop) : definition.schema;
  const document = useSettingsDocument(shop.id, kind);
  const save = useApiMutation({
    mutationFn: (value: SettingsValue<K>) => api.putSetting(shop.id, kind, value as SettingKinds[K]),
    success: messages.saved,
    successOptions: { type: 'success', ...savedToast },
    onSuccess: (saved) => {
      store(shop.id, kind, saved);
      onSaved?.();
    },
  });
  const { writePermission } = definition;
  const canWrite = allows(access, ACCESS_OF[definition.write]) && (!writePermission || allows(access, writePermission, shop.permissions));

  if (document.error) return <Alert severity="error">{document.error.message}</Alert>;
  if (!document.data) return <Pending />;

  return (
    // Array inputs need a resource; the document's kind is it.
    <ResourceContextProvider value={`settings/${kind}`}>
      <Box>
        {!canWrite && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate('servery.forms.readOnly')}
          </Alert>
        )}
        <SimpleForm
          // A new record (after a save or a reload) resets the form to what the server stored.
          key={JSON.stringify(document.data)}
          record={document.data as Record<string, unknown>}
          resolver={schemaResolver(schema)}
          mode="onChange"
          // Resolves to the server's field errors, which the form shows under the fields.
          onSubmit={(values: Record<string, unknown>) =>
            save.mutateAsync(values as SettingsValue<K>).then(
              () => undefined,
              (error) => error?.body?.errors,
            )
          }
          toolbar={<SettingsToolbar canWrite={canWrite} />}
          sx={{ p: 0 }}
        >
          {children}
        </SimpleForm>
      </Box>
    </ResourceContextProvider>
  );
}
