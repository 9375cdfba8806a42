import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { words } from '../words';

export interface CardTokenizer {
  /** The PaymentMethod id (pm_…) the order's paymentToken carries, or the reason there is none. */
  tokenize(): Promise<{ token: string } | { error: string }>;
}

/**
 * Stripe's Payment Element for the shop's connected account, loaded only once a customer chooses to pay by card
 * (this module and Stripe.js are a chunk of their own). The server confirms the payment with the method's id.
 */
export default function StripeCard({
  publishableKey,
  accountId,
  amountMinor,
  currency,
  ref,
}: {
  publishableKey: string;
  accountId: string;
  amountMinor: number;
  currency: string;
  ref: Ref<CardTokenizer>;
}) {
  const mount = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const stripe = useRef<{ stripe: Stripe; elements: StripeElements } | null>(null);
  // The element is made with the amount of the moment and follows it after (below): the amount is only what Stripe
  // shows, the server charges its own figure.
  const startAmount = useRef(amountMinor);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        const { loadStripe } = await import('@stripe/stripe-js');
        const s = await loadStripe(publishableKey, { stripeAccount: accountId });
        if (!s || cancelled || !mount.current) return;
        const elements = s.elements({
          mode: 'payment',
          amount: Math.max(startAmount.current, 50),
          currency: currency.toLowerCase(),
          paymentMethodCreation: 'manual',
          allowedPaymentMethodTypes: ['card'],
        });
        elements.create('payment').mount(mount.current);
        stripe.current = { stripe: s, elements };
        setState('ready');
      } catch {
        if (!cancelled) setState('failed');
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [publishableKey, accountId, currency]);

  useEffect(() => {
    stripe.current?.elements.update({ amount: Math.max(amountMinor, 50) });
  }, [amountMinor]);

  useImperativeHandle(ref, () => ({
    async tokenize() {
      const s = stripe.current;
      if (!s) return { error: words.cardUnavailable };
      const submitted = await s.elements.submit();
      if (submitted.error) return { error: submitted.error.message ?? words.cardUnavailable };
      const { paymentMethod, error } = await s.stripe.createPaymentMethod({ elements: s.elements });
      if (error || !paymentMethod) return { error: error?.message ?? words.cardUnavailable };
      return { token: paymentMethod.id };
    },
  }));

  return (
    <div className="stripe-card">
      {state === 'loading' ? <p className="muted small">{words.cardLoading}</p> : null}
      {state === 'failed' ? <p className="error">{words.cardUnavailable}</p> : null}
      <div ref={mount} />
    </div>
  );
}
