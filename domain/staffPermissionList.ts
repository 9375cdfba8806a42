// The permissions, their words and defaults without their schema (./staffPermissions, which re-exports all of this):
// the console's start checks them on every shop page and should not load zod for that.

/**
 * What a shop's ADMINs let its staff (USERs) do beyond what staff always may: process orders and bookings and mark
 * items sold out. ADMINs and platform super admins always have every permission.
 */
export const STAFF_PERMISSIONS = ['catalog', 'posts', 'reports', 'bankAccount'] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

/** The words the console shows beside each switch, and the 403's "not allowed to …" phrase. */
export const STAFF_PERMISSION_TEXT: Record<StaffPermission, { label: string; description: string; action: string }> = {
  catalog: {
    label: 'Edit the catalog',
    description: 'Create, edit and delete items; arrange the menu; change delivery and pizza settings.',
    action: 'edit the catalog',
  },
  posts: {
    label: 'Edit posts and billboards',
    description: "Write, change and delete the shop's posts and billboard images.",
    action: 'edit posts and billboards',
  },
  reports: {
    label: 'See reports and payouts',
    description: 'Open the orders, sales and payment reports, the payouts, the balance and the payment account.',
    action: 'see reports and payouts',
  },
  bankAccount: {
    label: 'Change the bank account and payout schedule',
    description: 'Replace the bank account payouts go to, change when payouts are made, and open the payment provider’s account forms.',
    action: 'change the bank account and payout schedule',
  },
};

/** A shop's permission switches, as the settings document (kind staff_permissions) holds them. */
export type StaffPermissions = Record<StaffPermission, boolean>;

/** Every shop's permissions until an ADMIN saves its own: money stays with the owner unless they grant it. */
export const defaultStaffPermissions: StaffPermissions = { catalog: true, posts: true, reports: true, bankAccount: false };

/** Every permission on: what ADMINs and super admins have. */
export const everyStaffPermission: StaffPermissions = { catalog: true, posts: true, reports: true, bankAccount: true };

/** The 403 message when a USER lacks `permission`. */
export const staffPermissionDenied = (permission: StaffPermission) =>
  `Your shop's admins have not allowed staff to ${STAFF_PERMISSION_TEXT[permission].action}`;
