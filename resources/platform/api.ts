import type { RemoteConfig } from '../../domain/platform';
import { call } from '../../providers/call';

/** The platform's remote config (the Stripe switch, super admins). */
export const api = {
  getRemoteConfig: () => call<RemoteConfig>('/platform/remote-config'),
  putRemoteConfig: (config: RemoteConfig) => call<RemoteConfig>('/platform/remote-config', { method: 'PUT', body: config }),
};

export type PlatformApi = typeof api;
