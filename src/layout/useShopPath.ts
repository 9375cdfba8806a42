import { useMatch } from 'react-router-dom';
import { mainPages } from '../sections';

/** Pages registered under /shops/ (create, review, browse, search) are not shops. */
const RESERVED = new Set(
  mainPages
    .map((p) => p.path.replace(/^\//, '').split('/'))
    .filter((p) => p[0] === 'shops' && p[1] && !p[1].startsWith(':'))
    .map((p) => p[1]),
);

/** The shop id when the current page is inside the shop area (/shops/:shopId/...), else null. */
export function useShopPath(): string | null {
  const match = useMatch('/shops/:shopId/*');
  const shopId = match?.params.shopId;
  if (!shopId || RESERVED.has(shopId)) return null;
  return shopId;
}
