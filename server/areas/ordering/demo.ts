import type { Services } from '../../infra/context';
import { publishedDemoShops } from './repo';

/** The cafe the demo's other loaders fill (menu, timings, coupons, live orders). */
const DEMO_CAFE = 'Cappuccino Corner';

/** Where to order as a customer on the demo: the demo cafe's ordering page, printed with the logins. */
export async function orderingDemoNotes(services: Services): Promise<string[]> {
  const shops = await publishedDemoShops(services.db);
  const cafe = shops.find((s) => s.name === DEMO_CAFE) ?? shops[0];
  return cafe ? [`Order as a customer of ${cafe.name}: ${services.config.publicUrl}/order/${cafe.id}`] : [];
}
