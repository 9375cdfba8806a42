import type { Page } from 'playwright-core';
import type { FakeStripe } from './index';

/**
 * A stand-in for Stripe.js (this machine cannot reach js.stripe.com), kept to its documented contract for bank
 * tokens: `Stripe(publishableKey)` refuses a missing or secret key; `createToken('bank_account', data)` sends the data
 * form-encoded as `bank_account[...]` to https://api.stripe.com/v1/tokens with the publishable key, and resolves
 * `{ token }` or `{ error }` (Stripe's error object, `message` and `param` included); it never rejects for an API or
 * network failure. `Stripe.version` is the release train of the URL it was loaded from, as the real script's is.
 */
export const fakeStripeJs = (version: string) => `(function () {
  'use strict';
  function encode(prefix, data) {
    return Object.keys(data)
      .filter(function (k) { return data[k] !== undefined && data[k] !== null; })
      .map(function (k) { return encodeURIComponent(prefix + '[' + k + ']') + '=' + encodeURIComponent(String(data[k])); })
      .join('&');
  }
  function Stripe(key) {
    if (typeof key !== 'string' || key === '') throw new Error('Please call Stripe() with your publishable key. You used an empty string.');
    if (/^(sk|rk)_/.test(key)) throw new Error('You should not use your secret key with Stripe.js. Please pass a publishable key instead.');
    return {
      createToken: function (type, data) {
        if (type !== 'bank_account') return Promise.reject(new Error('This stand-in for Stripe.js makes bank_account tokens only, not ' + type + '.'));
        return fetch('https://api.stripe.com/v1/tokens', {
          method: 'POST',
          headers: { Authorization: 'Bearer ' + key, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: encode('bank_account', data || {}),
        })
          .then(function (res) {
            return res.json().then(function (json) { return res.ok ? { token: json } : { error: json.error }; });
          })
          .catch(function () {
            return { error: { type: 'api_connection_error', message: 'An error occurred with our connection to Stripe.' } };
          });
      },
    };
  }
  Stripe.version = ${JSON.stringify(version)};
  window.Stripe = Stripe;
})();
`;

/** Where @stripe/stripe-js loads Stripe.js from: https://js.stripe.com/<release train>/stripe.js. */
export const STRIPE_JS_URL = /^https:\/\/js\.stripe\.com\/([a-z]+)\/stripe\.js(\?.*)?$/;

/**
 * Serves the stand-in Stripe.js at Stripe's own script URL and passes the page's calls to https://api.stripe.com on to
 * the fake Stripe server, so the console's Content-Security-Policy applies to both just as it would to the real ones.
 * Any other js.stripe.com address is refused, so a test notices a script the stand-in does not cover.
 */
export async function routeStripeToFake(page: Page, fake: FakeStripe) {
  await page.route(/^https:\/\/js\.stripe\.com\//, (route) => {
    const train = STRIPE_JS_URL.exec(route.request().url())?.[1];
    if (!train) return route.abort('blockedbyclient');
    return route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: fakeStripeJs(train) });
  });
  await page.route(/^https:\/\/api\.stripe\.com\//, async (route) => {
    const request = route.request();
    const { pathname, search } = new URL(request.url());
    const headers = Object.fromEntries(
      Object.entries(await request.allHeaders()).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)),
    );
    const res = await fetch(`${fake.url}${pathname}${search}`, {
      method: request.method(),
      headers,
      body: request.postData() ?? undefined,
    });
    const answerHeaders = Object.fromEntries(
      [...res.headers].filter(([name]) => !['content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(name)),
    );
    await route.fulfill({ status: res.status, headers: answerHeaders, body: Buffer.from(await res.arrayBuffer()) });
  });
}
