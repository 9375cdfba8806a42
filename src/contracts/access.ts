import { defaultStaffPermissions, STAFF_PERMISSIONS, type StaffPermission, type StaffPermissions } from '../../domain/staffPermissionList';
import type { Access } from './shopSection';

/** A shop member's role as the server sends it (domain/shop SellerRole), or null for a non-member. */
type Role = 'ADMIN' | 'USER' | null | undefined;

/** Things the console offers or hides by role; the server checks the same rules on every call. */
const ACTIONS = {
  /** Edit the shop's name, description, logo, time zone. */
  editShop: 'ADMIN',
  /** Invite someone as an ADMIN (a USER may invite USERs only). */
  inviteAdmin: 'ADMIN',
  /** Remove an ADMIN from the shop (a USER may remove USERs and themselves). */
  removeAdmin: 'ADMIN',
  /** Connect, finish connecting or disconnect the shop's Stripe account: it decides where card payments go. */
  connectStripe: 'ADMIN',
  /** Create an account and add it as the shop's admin. */
  addUser: 'SUPER_ADMIN',
  /** The platform's pages and the per-shop transaction fee. */
  platform: 'SUPER_ADMIN',
} as const satisfies Record<string, Access>;

export type ShopAction = keyof typeof ACTIONS;

const RANK: Record<Access, number> = { USER: 1, ADMIN: 2, SUPER_ADMIN: 3 };

/** The caller's level at a shop: super admins who are not sellers act as ADMIN there, as the server does. */
export function accessOf(role: Role, isSuperAdmin: boolean): Access {
  if (isSuperAdmin) return 'SUPER_ADMIN';
  return role === 'ADMIN' ? 'ADMIN' : 'USER';
}

const isStaffPermission = (x: string): x is StaffPermission => (STAFF_PERMISSIONS as readonly string[]).includes(x);

/**
 * Whether `access` reaches `min` (a role, or an action's minimum), or, for a staff permission, whether the caller has
 * it: ADMINs and super admins always, USERs as the shop's staff permissions say (`permissions`, the shop's answer).
 */
export function allows(
  access: Access,
  min: Access | ShopAction | StaffPermission,
  permissions: StaffPermissions | undefined = defaultStaffPermissions,
): boolean {
  if (isStaffPermission(min)) return access !== 'USER' || permissions[min];
  const needed: Access = min in ACTIONS ? ACTIONS[min as ShopAction] : (min as Access);
  return RANK[access] >= RANK[needed];
}
