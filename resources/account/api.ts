import type { SessionInfo, TwoFactorSetup, TwoFactorStatus } from '../../domain/twoFactor';
import { call, seg, type Message } from '../../providers/call';

/** The signed-in user's own security: two-factor sign-in and where they are signed in. */
export const api = {
  getTwoFactor: () => call<TwoFactorStatus>('/me/two-factor'),
  startTwoFactor: () => call<TwoFactorSetup>('/me/two-factor/setup', { method: 'POST' }),
  enableTwoFactor: (code: string) =>
    call<Message & { recoveryCodes: string[] }>('/me/two-factor/enable', { method: 'POST', body: { code } }),
  disableTwoFactor: (code: string) => call<Message>('/me/two-factor/disable', { method: 'POST', body: { code } }),
  getSessions: () => call<SessionInfo[]>('/me/sessions'),
  signOutSession: (id: string) => call<Message>(`/me/sessions/${seg(id)}`, { method: 'DELETE' }),
  signOutOtherSessions: () => call<Message>('/me/sessions', { method: 'DELETE' }),
  changePassword: (body: { currentPassword: string; newPassword: string }) => call<Message>('/me/password', { method: 'POST', body }),
};

export type AccountApi = typeof api;
