import { z } from 'zod';
import { ALERT_KINDS, ALERT_STATUSES } from '../../../domain/alerts';

export const alertResponse = z.object({
  id: z.string(),
  kind: z.enum(ALERT_KINDS),
  to: z.string(),
  subject: z.string(),
  status: z.enum(ALERT_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  orderId: z.string().nullable(),
  bookingId: z.string().nullable(),
});

export const deadLetterResponse = z.object({
  id: z.string(),
  queue: z.string(),
  data: z.record(z.string(), z.union([z.string(), z.number()])),
  error: z.string(),
  failedAt: z.string(),
});
