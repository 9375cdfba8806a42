import type { Shop } from '../../domain/shop';
import { ImageThumb } from '../../src/components/ImageInput/ImageThumb';

/** The shop's square logo from the 300 px thumbnail variant (spec 1 §9); a placeholder while there is none. */
export function ShopLogo({ shop, size = 56 }: { shop: Pick<Shop, 'logo' | 'name'>; size?: number }) {
  return <ImageThumb path={shop.logo?.path ?? null} size={size} alt={`${shop.name} logo`} />;
}
