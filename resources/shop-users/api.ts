import type { SellerRole } from '../../domain/shop';
import type { Invite, Seller } from '../../domain/staff';
import { callApi, shopPath } from '../shops/api';

type Message = { message: string };

/** The staff calls of spec 3 §7, under /shops/{shopId}. */
export const staffApi = {
  sellers: (shopId: string) => callApi<Seller[]>(`${shopPath(shopId)}/sellers`),
  invites: (shopId: string) => callApi<Invite[]>(`${shopPath(shopId)}/invites`),
  invite: (shopId: string, body: { to: string; role: SellerRole }) =>
    callApi<Message & { invite: Invite }>(`${shopPath(shopId)}/invites`, { method: 'POST', body }),
  resendInvite: (shopId: string, inviteId: string) =>
    callApi<Message>(`${shopPath(shopId)}/invites/${encodeURIComponent(inviteId)}/resend`, { method: 'POST' }),
  removeInvite: (shopId: string, inviteId: string) =>
    callApi<Message>(`${shopPath(shopId)}/invites/${encodeURIComponent(inviteId)}`, { method: 'DELETE' }),
  removeSeller: (shopId: string, uid: string) =>
    callApi<Message>(`${shopPath(shopId)}/sellers/${encodeURIComponent(uid)}`, { method: 'DELETE' }),
  addUser: (shopId: string, body: { email: string; password: string }) =>
    callApi<Message>(`${shopPath(shopId)}/add_user`, { method: 'POST', body }),
};
