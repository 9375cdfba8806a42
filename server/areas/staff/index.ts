import { SETTINGS } from '../../../domain/settings';
import type { AreaManifest } from '../types';
import routes from './routes';
import * as tables from './tables';
import { staffConfig } from './config';

/**
 * Staff: the shop's sellers, its invitations and their answers, platform staff adding a user, and the staff
 * permissions its ADMINs set (what USERs may do; the shop scope enforces them). Permission table in the README.
 */
export const staffArea: AreaManifest = {
  name: 'staff',
  routes: { shop: routes },
  tables,
  config: staffConfig,
  settingsKinds: { staff_permissions: SETTINGS.staff_permissions },
};

export { invites } from './tables';
export { inviteLink } from './mails';
