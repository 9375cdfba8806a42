import type { WebhookDelivery, WebhookEndpoint, WebhookWithSecret } from '../../domain/webhooks';
import { call, seg, shop } from '../../providers/call';

const endpoints = (shopId: string) => `${shop(shopId)}/webhooks`;
const endpoint = (shopId: string, id: string) => `${endpoints(shopId)}/${seg(id)}`;

/** A shop's webhook endpoints: listed (never their secrets), created and rolled (the secret answered once), tested, logged. */
export const api = {
  getWebhooks: (shopId: string) => call<WebhookEndpoint[]>(endpoints(shopId)),
  getWebhook: (shopId: string, id: string) => call<WebhookEndpoint>(endpoint(shopId, id)),
  createWebhook: (shopId: string, body: { url: string; eventTypes: string[]; description: string }) =>
    call<WebhookWithSecret>(endpoints(shopId), { method: 'POST', body }),
  updateWebhook: (shopId: string, id: string, body: { enabled?: boolean }) =>
    call<WebhookEndpoint>(endpoint(shopId, id), { method: 'PUT', body }),
  deleteWebhook: (shopId: string, id: string) => call<null>(endpoint(shopId, id), { method: 'DELETE' }),
  rollWebhookSecret: (shopId: string, id: string) => call<WebhookWithSecret>(`${endpoint(shopId, id)}/roll_secret`, { method: 'POST' }),
  sendWebhookTest: (shopId: string, id: string) => call<WebhookDelivery>(`${endpoint(shopId, id)}/test`, { method: 'POST' }),
  getWebhookDeliveries: (shopId: string, id: string) =>
    call<WebhookDelivery[]>(`${endpoint(shopId, id)}/deliveries?range=${seg('[0,49]')}`),
  resendWebhookDelivery: (shopId: string, id: string, deliveryId: string) =>
    call<WebhookDelivery>(`${endpoint(shopId, id)}/deliveries/${seg(deliveryId)}/resend`, { method: 'POST' }),
};

export type WebhooksApi = typeof api;
