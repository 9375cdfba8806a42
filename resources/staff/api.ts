import type { SellerRole } from '../../domain/shop';
import type { Invite, Seller } from '../../domain/staff';
import { call, seg, shop, type Message } from '../../providers/call';

export interface InvitationPreview {
  shopName: string;
  fromEmail: string;
  toEmail: string;
  role: SellerRole;
  hasAccount: boolean;
}

/** Staff (spec 3 §7), and the invitation link's screen, open to anyone. */
export const api = {
  getSellers: (shopId: string) => call<Seller[]>(`${shop(shopId)}/sellers`),
  removeSeller: (shopId: string, uid: string) => call<Message>(`${shop(shopId)}/sellers/${seg(uid)}`, { method: 'DELETE' }),
  getInvites: (shopId: string) => call<Invite[]>(`${shop(shopId)}/invites`),
  invite: (shopId: string, body: { to: string; role: SellerRole }) =>
    call<Message & { invite: Invite }>(`${shop(shopId)}/invites`, { method: 'POST', body }),
  resendInvite: (shopId: string, inviteId: string) => call<Message>(`${shop(shopId)}/invites/${seg(inviteId)}/resend`, { method: 'POST' }),
  removeInvite: (shopId: string, inviteId: string) => call<Message>(`${shop(shopId)}/invites/${seg(inviteId)}`, { method: 'DELETE' }),
  addUser: (shopId: string, body: { email: string; password: string }) =>
    call<Message>(`${shop(shopId)}/add_user`, { method: 'POST', body }),

  previewInvite: (shopId: string, inviteId: string, token: string) =>
    call<InvitationPreview>(`${shop(shopId)}/invites/${seg(inviteId)}/preview?${new URLSearchParams({ token })}`, { auth: false }),
  answerInvite: (shopId: string, inviteId: string, action: string, token: string, signedIn: boolean) =>
    call<Message & { shopId: string }>(`${shop(shopId)}/invites/${seg(inviteId)}?${new URLSearchParams({ action, token })}`, {
      method: 'PUT',
      auth: signedIn,
    }),
};

export type StaffApi = typeof api;
