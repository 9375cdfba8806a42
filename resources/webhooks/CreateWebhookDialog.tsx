import { useTranslate } from 'react-admin';
import { Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, TextField } from '@mui/material';
import {
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX,
  webhookInputSchema,
  type WebhookWithSecret,
} from '../../domain/webhooks';
import { useShop } from '../../src/contracts/shopContext';
import { useApi, useApiMutation } from '../../src/components/api';
import { FormDialog } from '../../src/components/FormDialog';
import { useSchemaForm } from '../../src/components/forms/useSchemaForm';
import type { WebhooksApi } from './api';
import { eventWords } from './words';

type Values = { url: string; description: string; eventTypes: string[] };
const EMPTY: Values = { url: '', description: '', eventTypes: [] };

/** Add an endpoint: its URL, what it is for, and the events to send it (one checkbox each, in plain words). */
export function CreateWebhookDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (created: WebhookWithSecret) => void;
}) {
  const translate = useTranslate();
  const api = useApi<WebhooksApi>();
  const shopId = useShop().shop.id;
  const create = useApiMutation({
    mutationFn: (body: Values) => api.createWebhook(shopId, body),
    success: translate('resources.webhooks.create.done'),
    onSuccess: onCreated,
  });
  const { values, errors, saving, change, submit, close } = useSchemaForm(webhookInputSchema, EMPTY, { onClose, save: create.mutateAsync });
  const t = (k: string) => translate(`resources.webhooks.${k}`);
  const toggle = (type: string, on: boolean) =>
    change('eventTypes', on ? [...values.eventTypes, type] : values.eventTypes.filter((s) => s !== type));
  const typesError = errors.eventTypes || Object.entries(errors).find(([k]) => k.startsWith('eventTypes.'))?.[1];

  return (
    <FormDialog
      id="create-webhook-title"
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
        name="url"
        type="url"
        label={t('fields.url')}
        value={values.url}
        onChange={(e) => change('url', e.target.value)}
        error={!!errors.url}
        helperText={errors.url || t('create.urlHelp')}
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: WEBHOOK_URL_MAX } }}
        sx={{ mt: 1 }}
      />
      <TextField
        fullWidth
        name="description"
        label={t('fields.description')}
        value={values.description}
        onChange={(e) => change('description', e.target.value)}
        error={!!errors.description}
        helperText={errors.description || t('create.descriptionHelp')}
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: WEBHOOK_DESCRIPTION_MAX } }}
        sx={{ mt: 2 }}
      />
      <FormControl component="fieldset" error={!!typesError} sx={{ mt: 2 }}>
        <FormLabel component="legend">{t('create.eventsLabel')}</FormLabel>
        <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <FormControlLabel
              key={type}
              control={
                <Checkbox
                  name={`event-${type}`}
                  checked={values.eventTypes.includes(type)}
                  onChange={(e) => toggle(type, e.target.checked)}
                />
              }
              label={eventWords(translate, type)}
            />
          ))}
        </FormGroup>
        {typesError && <FormHelperText>{typesError}</FormHelperText>}
      </FormControl>
    </FormDialog>
  );
}
