import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { preferencesPatchSchema, userPreferencesSchema } from '../../../domain/preferences';
import { loadPreferences, updatePreferences } from './repoPreferences';
import { apiError } from '../../infra/http/schemas';

const tags = ['auth'];

/** GET|PATCH /me/preferences: the signed-in user's own settings (the New Orders sound, …), the same on every device. */
const preferences: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/preferences',
    {
      config: { auth: 'session' },
      schema: { tags, summary: "The signed-in user's preferences (defaults where never chosen)", response: { 200: userPreferencesSchema } },
    },
    async (req) => loadPreferences(req.user!.id, app.services.db),
  );

  app.patch(
    '/preferences',
    {
      config: { auth: 'session' },
      schema: {
        tags,
        summary: "Change some of the signed-in user's preferences",
        description: 'Send only the preferences to change, e.g. `{ "orderSound": false }`; answers the whole document.',
        body: preferencesPatchSchema,
        response: { 200: userPreferencesSchema, 400: apiError },
      },
    },
    async (req) => updatePreferences(req.user!.id, app.services.db, req.body),
  );
};
export default preferences;
