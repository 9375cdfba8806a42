import { SETTINGS } from '../../../domain/settings';
import type { AreaManifest } from '../types';
import routes from './routes';
import { loadSettingsDemo } from './demo';
import { loggedDemo } from '../types';

/**
 * Settings: GET|PUT /shops/:shopId/settings/:kind for every kind the areas declare (this area's are the Settings
 * tabs, spec 3 §2.6, and the shop's contact, spec 1 §2–§3). Documents live in shop_settings (server/infra/db/settings.ts).
 */
export const settingsArea: AreaManifest = {
  name: 'settings',
  routes: { shop: routes },
  tables: {},
  settingsKinds: {
    checkout: SETTINGS.checkout,
    order: SETTINGS.order,
    booking: SETTINGS.booking,
    loyalty: SETTINGS.loyalty,
    custom_collection: SETTINGS.custom_collection,
    contact: SETTINGS.contact,
  },
  demo: loggedDemo(loadSettingsDemo),
};

export { read as readSettingsDocument, write as writeSettingsDocument, document as settingsDocumentBody } from './routes';
export { settingsDocumentsSubquery } from './repo';
