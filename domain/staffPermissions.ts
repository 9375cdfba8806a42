import { z } from 'zod';
import { STAFF_PERMISSION_TEXT, type StaffPermission, type StaffPermissions } from './staffPermissionList';

export * from './staffPermissionList';

const flag = (p: StaffPermission) => z.boolean({ error: `${STAFF_PERMISSION_TEXT[p].label}: choose on or off` });

/** The settings document (kind staff_permissions): one switch per permission. */
export const staffPermissionsSchema = z.object({
  catalog: flag('catalog'),
  posts: flag('posts'),
  reports: flag('reports'),
  bankAccount: flag('bankAccount'),
}) satisfies z.ZodType<StaffPermissions>;
