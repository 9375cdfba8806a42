import type { SellerRole } from '../../../domain/shop';
import { callApi, shopPath } from '../../../resources/shops/api';

export interface InvitationPreview {
  shopName: string;
  fromEmail: string;
  toEmail: string;
  role: SellerRole;
  hasAccount: boolean;
}

const invitePath = (shopId: string, inviteId: string) => `${shopPath(shopId)}/invites/${encodeURIComponent(inviteId)}`;

/** The public invitation calls: read who invites whom, then accept or reject with the link's token. */
export const invitationApi = {
  preview: (shopId: string, inviteId: string, token: string) =>
    callApi<InvitationPreview>(`${invitePath(shopId, inviteId)}/preview?${new URLSearchParams({ token })}`, { auth: false }),
  answer: (shopId: string, inviteId: string, action: string, token: string, signedIn: boolean) =>
    callApi<{ message: string; shopId: string }>(`${invitePath(shopId, inviteId)}?${new URLSearchParams({ action, token })}`, {
      method: 'PUT',
      auth: signedIn,
    }),
};
