import { z } from 'zod';

/** A shop's own security rules, set by its ADMINs (Settings → Security). */
export const shopSecuritySchema = z.object({
  /** Every member of the shop must sign in with two-factor; one who has not set it up is taken to set-up after the password. */
  requireTwoFactor: z.boolean(),
});
export type ShopSecurity = z.infer<typeof shopSecuritySchema>;
export const defaultShopSecurity: ShopSecurity = { requireTwoFactor: false };

/** The platform's security rules (super admins, Platform → Security), one document in platform_config. */
export const platformSecuritySchema = z.object({
  /** Super admins must sign in with two-factor. */
  requireTwoFactorForSuperAdmins: z.boolean(),
});
export type PlatformSecurity = z.infer<typeof platformSecuritySchema>;
export const defaultPlatformSecurity: PlatformSecurity = { requireTwoFactorForSuperAdmins: false };
/** Its key in platform_config (server/infra/db/platformSecurity.ts). */
export const PLATFORM_SECURITY_KEY = 'security';
