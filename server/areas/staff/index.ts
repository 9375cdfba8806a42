import type { AreaManifest } from '../types';
import routes from './routes';
import * as tables from './tables';

/** Staff: the shop's sellers, its invitations and their answers, and platform staff adding a user (permission table in the README). */
export const staffArea: AreaManifest = { name: 'staff', routes: { shop: routes }, tables };

export { invites } from './tables';
export { inviteLink } from './mails';
