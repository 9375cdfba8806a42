import Stripe from 'stripe';
import { messages } from '../../../domain/messages';
import { AppError } from '../http/errors';

/**
 * A Stripe failure as the API answers it. Stripe's own message is clear for what the user can fix (a bad bank
 * token, a rejected schedule): it is passed on as a 400. A missing connected account is a 404 with the spec's
 * message. Anything about our platform key, or Stripe being unreachable, is not the user's to fix and must not show
 * key details: a 502 with a general message (the cause is logged without secrets by the error handler).
 */
export function fromStripeError(error: unknown): Error {
  if (error instanceof AppError) return error;
  if (!(error instanceof Stripe.errors.StripeError)) return error as Error;
  const e = error as Stripe.errors.StripeError;
  if (e.type === 'StripeInvalidRequestError' && e.code === 'resource_missing' && /^No such account/.test(e.message ?? '')) {
    return new AppError(404, messages.noConnectedAccount, 'STRIPE_ACCOUNT_MISSING');
  }
  if (e.type === 'StripeInvalidRequestError' || e.type === 'StripeCardError') {
    const field = e.param ? { [e.param]: e.message } : undefined;
    return new AppError(400, e.message, `STRIPE_${(e.code ?? 'invalid_request').toUpperCase()}`, field);
  }
  // OAuth: a code that does not exist, was used already, or belongs to another platform.
  if (e instanceof Stripe.errors.StripeOAuthError) return new AppError(400, e.message || messages.stripeLinkExpired, 'STRIPE_OAUTH');
  if (e.type === 'StripePermissionError') return new AppError(403, messages.noConnectedAccount, 'STRIPE_PERMISSION');
  if (e.type === 'StripeRateLimitError') return new AppError(429, messages.tooManyRequests, 'RATE_LIMITED');
  if (e.type === 'StripeIdempotencyError') return new AppError(422, e.message, 'IDEMPOTENCY_KEY_REUSED');
  return new AppError(502, messages.stripeUnavailable, 'STRIPE_UNAVAILABLE');
}
