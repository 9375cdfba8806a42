import StorefrontIcon from '@mui/icons-material/Storefront';
import type { Shop } from '../../domain/shop';
import { ShopCreate } from './ShopCreate';
import { ShopEdit } from './ShopEdit';
import { ShopList } from './ShopList';

/** The shops resource (react-admin convention); the console mounts it through ./routes.tsx. */
export default {
  list: ShopList,
  create: ShopCreate,
  edit: ShopEdit,
  icon: StorefrontIcon,
  recordRepresentation: (shop: Shop) => shop.name,
};
export { ShopList, ShopCreate, ShopEdit };
