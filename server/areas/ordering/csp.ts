/**
 * The ordering page's Content-Security-Policy: its own scripts only (the page data is a JSON island, never executed,
 * so no 'unsafe-inline' script), images from anywhere over https (the shop's media may be on a CDN), and Stripe's
 * script, frames and API only when the Stripe provider is on (the Payment Element).
 */
export function orderingPagePolicy({ stripe }: { stripe: boolean }): string {
  const allow = (list: string[]) => (stripe ? list : []);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...allow(['https://js.stripe.com', 'https://*.js.stripe.com'])],
    'style-src': ["'self'", ...allow(["'unsafe-inline'"])],
    'img-src': ["'self'", 'data:', 'https:'],
    'connect-src': ["'self'", ...allow(['https://api.stripe.com'])],
    'frame-src': stripe ? ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
    'font-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  };
  return Object.entries(directives)
    .map(([k, v]) => `${k} ${v.join(' ')}`)
    .join('; ');
}
