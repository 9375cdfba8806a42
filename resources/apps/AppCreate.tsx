import { Create, SimpleForm, useNotify, useRedirect, useTranslate } from 'react-admin';
import { Box } from '@mui/material';
import { APP_DEFAULTS } from '../../domain/apps';
import { format, messages } from '../../domain/messages';
import { useApiError } from '../../src/components/api';
import { PageHeader } from '../../src/components/PageHeader';
import { AppFormToolbar } from './AppFormToolbar';
import { AppInputs } from './AppInputs';
import { appCreateResolver } from './appResolvers';
import { editUrl } from './urls';

/** /whitelabel/apps/create: a new app with its bundle id; a taken bundle id goes to that app's edit page (spec 1 §4). */
export function AppCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const onError = useApiError({ formShowsFieldErrors: true });
  return (
    <Box sx={{ py: { xs: 1, sm: 2 } }}>
      <PageHeader title={translate('resources.apps.menu.create')} subtitle={translate('resources.apps.create.subtitle')} />
      <Create
        resource="whitelabel/apps"
        title={false}
        sx={{ '& .RaCreate-main': { mt: 0 }, '& .RaCreate-card': { maxWidth: 820 } }}
        transform={(data: Record<string, unknown>) => ({ ...data, outlets: data.outlets ?? [] })}
        mutationOptions={{
          onSuccess: (record: { id: unknown }) => {
            const app = record as unknown as { bundleId: string; name: string };
            notify(format(messages.appUpdated, { name: app.name }), { type: 'success' });
            redirect(editUrl(app.bundleId.trim()));
          },
          onError: (error: unknown, variables: { data?: { bundleId?: string } }) => {
            const failure = error as { status?: number; message?: string };
            if (failure?.status === 409 && variables?.data?.bundleId) {
              notify(messages.bundleIdExists, { type: 'error' });
              redirect(editUrl(variables.data.bundleId.trim()));
              return;
            }
            onError(error);
          },
        }}
      >
        <SimpleForm
          resolver={appCreateResolver}
          mode="onChange"
          defaultValues={{ ...APP_DEFAULTS, outlets: [{ name: '', shopId: '' }] }}
          toolbar={<AppFormToolbar label={translate('resources.apps.action.create')} />}
        >
          <AppInputs create />
        </SimpleForm>
      </Create>
    </Box>
  );
}
