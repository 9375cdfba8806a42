import { z } from 'zod';

/**
 * A shop's webhook endpoints: where Servery POSTs its events, signed the Standard Webhooks way. Both halves read the
 * event catalogue, the words and the shapes; the server decides which shop event becomes which webhook event
 * (server/areas/webhooks/catalogue.ts).
 */
export const WEBHOOK_EVENT_TYPES = [
  'order.placed',
  'order.accepted',
  'order.rejected',
  'order.ready',
  'order.completed',
  'order.refunded',
  'booking.placed',
  'booking.accepted',
  'booking.rejected',
  'booking.cancelled',
  'item.sold_out',
  'item.restored',
  'shop.paused',
  'shop.resumed',
  'menu.updated',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What "Send test event" sends; never subscribed to, always accepted by a receiver that verifies signatures. */
export const WEBHOOK_TEST_TYPE = 'webhook.test';

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** The signing secret's prefix (Standard Webhooks): the rest is 32 random bytes in base64. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const webhookMessages = {
  urlRequired: 'URL is required',
  urlInvalid: 'Enter a full URL starting with https://',
  urlHttps: 'The URL must start with https://',
  urlCredentials: 'The URL must not contain a user name or password',
  urlPrivate: 'The URL must not point to a private, loopback or link-local address',
  urlUnresolvable: 'The URL\u2019s host name could not be found',
  eventTypesRequired: 'Choose at least one event type',
  unknownEventType: `An event type is one of ${WEBHOOK_EVENT_TYPES.join(', ')}`,
  disabledCannotTest: 'Enable the endpoint before sending it a test event',
};

const url = z
  .string({ error: webhookMessages.urlRequired })
  .trim()
  .min(1, { error: webhookMessages.urlRequired })
  .max(WEBHOOK_URL_MAX, { error: `should not be larger than ${WEBHOOK_URL_MAX} characters` })
  .refine((v) => /^https?:\/\//i.test(v) && URL.canParse(v), { error: webhookMessages.urlInvalid });

const eventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: webhookMessages.unknownEventType }), { error: webhookMessages.eventTypesRequired })
  .min(1, { error: webhookMessages.eventTypesRequired })
  .transform((types) => WEBHOOK_EVENT_TYPES.filter((t) => types.includes(t)));

const description = z
  .string()
  .trim()
  .max(WEBHOOK_DESCRIPTION_MAX, { error: `should not be larger than ${WEBHOOK_DESCRIPTION_MAX} characters` });

/** POST /api/shops/{shopId}/webhooks. Where the URL may point is the server's to say (it resolves the name). */
export const webhookInputSchema = z.object({
  url,
  eventTypes,
  description: description.optional().default(''),
});
export type WebhookInput = z.input<typeof webhookInputSchema>;

/** PUT /api/shops/{shopId}/webhooks/{endpointId}: any of the fields; `enabled` switches delivery on or off. */
export const webhookPatchSchema = z.object({
  url: url.optional(),
  eventTypes: eventTypes.optional(),
  description: description.optional(),
  enabled: z.boolean({ error: 'enabled is true or false' }).optional(),
});

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  /** Why it was switched off ('FAILING': three days without a successful delivery; 'MANUAL'), null while enabled. */
  disabledReason: z.enum(['FAILING', 'MANUAL']).nullable(),
  /** The start of the current run of failed deliveries, null when the last one succeeded. */
  failingSince: z.string().nullable(),
  /** Until when the secret before the last roll still signs (beside the new one). */
  previousSecretExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** A create's or a roll's answer: the signing secret, this once. */
export const webhookWithSecretSchema = z.object({ secret: z.string(), endpoint: webhookEndpointSchema });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'SENDING', 'SUCCEEDED', 'FAILED'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookAttemptSchema = z.object({
  at: z.string(),
  /** The receiver's HTTP status, null when there was no answer (refused, timed out). */
  statusCode: z.number().nullable(),
  latencyMs: z.number(),
  /** The first kilobyte of the answer, or why there was none. */
  response: z.string(),
  /** An automatic attempt, or one asked for with Resend / Send test event. */
  manual: z.boolean(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** The webhook-id header: the same on every attempt, so a receiver deduplicates by it. */
  messageId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
