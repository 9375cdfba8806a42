import { useTranslate } from 'react-admin';
import { Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, TextField } from '@mui/material';
import { API_KEY_NAME_MAX, API_KEY_SCOPES, type CreatedApiKey } from '../../domain/apiKeys';
import { useShop } from '../../src/contracts/shopContext';
import { useApi, useApiMutation } from '../../src/components/api';
import { FormDialog } from '../../src/components/FormDialog';
import { useSchemaForm } from '../../src/components/forms/useSchemaForm';
import type { ApiKeysApi } from './api';
import { apiKeyForm, type ApiKeyFormValues } from './form';
import { scopeWords } from './words';

const EMPTY: ApiKeyFormValues = { name: '', scopes: [], expiresAt: '' };

/** Create an API key: a name, what it may do (one checkbox per scope, in plain words), and an optional last day. */
export function CreateApiKeyDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (created: CreatedApiKey) => void;
}) {
  const translate = useTranslate();
  const api = useApi<ApiKeysApi>();
  const shopId = useShop().shop.id;
  const create = useApiMutation({
    mutationFn: (body: { name: string; scopes: string[]; expiresAt: string | null }) => api.createApiKey(shopId, body),
    success: translate('resources.apikeys.create.done'),
    onSuccess: onCreated,
  });
  const { values, errors, saving, change, submit, close } = useSchemaForm(apiKeyForm(), EMPTY, { onClose, save: create.mutateAsync });
  const t = (k: string) => translate(`resources.apikeys.${k}`);
  const toggle = (scope: string, on: boolean) =>
    change('scopes', on ? [...values.scopes, scope] : values.scopes.filter((s) => s !== scope));
  const scopesError = errors.scopes || Object.entries(errors).find(([k]) => k.startsWith('scopes.'))?.[1];

  return (
    <FormDialog
      id="create-api-key-title"
      title={t('create.title')}
      submitLabel={t('create.submit')}
      open={open}
      saving={saving}
      onSubmit={submit}
      onClose={close}
    >
      <TextField
        autoFocus
        fullWidth
        name="name"
        label={t('fields.name')}
        value={values.name}
        onChange={(e) => change('name', e.target.value)}
        error={!!errors.name}
        helperText={errors.name || t('create.nameHelp')}
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: API_KEY_NAME_MAX } }}
        sx={{ mt: 1 }}
      />
      <FormControl component="fieldset" error={!!scopesError} sx={{ mt: 2 }}>
        <FormLabel component="legend">{t('create.scopesLabel')}</FormLabel>
        <FormGroup>
          {API_KEY_SCOPES.map((scope) => (
            <FormControlLabel
              key={scope}
              control={
                <Checkbox
                  name={`scope-${scope}`}
                  checked={values.scopes.includes(scope)}
                  onChange={(e) => toggle(scope, e.target.checked)}
                />
              }
              label={scopeWords(translate, scope)}
            />
          ))}
        </FormGroup>
        {scopesError && <FormHelperText>{scopesError}</FormHelperText>}
      </FormControl>
      <TextField
        fullWidth
        name="expiresAt"
        type="date"
        label={t('fields.expiresAt')}
        value={values.expiresAt}
        onChange={(e) => change('expiresAt', e.target.value)}
        error={!!errors.expiresAt}
        helperText={errors.expiresAt || t('create.expiresHelp')}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ mt: 2 }}
      />
    </FormDialog>
  );
}
