import { useMatch } from 'react-router-dom';
import { mainRoutes } from '../registry';

/**
 * The shop id when the current page is inside the shop area (/shops/:shopId/...), else null.
 * Platform pages under /shops (review, browse, search, create) are not shops.
 */
export function useShopPath(): string | null {
  const match = useMatch('/shops/:shopId/*');
  const shopId = match?.params.shopId;
  if (!shopId || RESERVED.has(shopId)) return null;
  return shopId;
}

const RESERVED = new Set([
  'review',
  'browse',
  'search',
  'create',
  ...mainRoutes.map((r) => r.path.replace(/^\//, '').split('/')).filter((p) => p[0] === 'shops' && p[1] && !p[1].startsWith(':')).map((p) => p[1]),
]);
