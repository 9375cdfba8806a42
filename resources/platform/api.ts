import type { RemoteConfig } from '../../domain/platform';
import type { PlatformSecurity } from '../../domain/shopSecurity';
import { call } from '../../providers/call';

/** The platform's remote config (the Stripe switch) and security rules (super admins). */
export const api = {
  getRemoteConfig: () => call<RemoteConfig>('/platform/remote-config'),
  putRemoteConfig: (config: RemoteConfig) => call<RemoteConfig>('/platform/remote-config', { method: 'PUT', body: config }),
  getSecurity: () => call<PlatformSecurity>('/platform/security'),
  putSecurity: (value: PlatformSecurity) => call<PlatformSecurity>('/platform/security', { method: 'PUT', body: value }),
};

export type PlatformApi = typeof api;
