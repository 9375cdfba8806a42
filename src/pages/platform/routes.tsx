import FactCheckIcon from '@mui/icons-material/FactCheck';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import SearchIcon from '@mui/icons-material/Search';
import PaymentsIcon from '@mui/icons-material/Payments';
import PercentIcon from '@mui/icons-material/Percent';
import type { MenuEntry, PageRoute } from '../../registry';
import { lazyPage } from '../../components/lazyPage';
import { SuperAdminGate } from './SuperAdminGate';

const gated = (element: React.ReactElement) => <SuperAdminGate>{element}</SuperAdminGate>;

export const platformMainRoutes: PageRoute[] = [
  { path: 'shops/review', element: gated(lazyPage(() => import('./ReviewPage'), 'ReviewPage')) },
  { path: 'shops/browse', element: gated(lazyPage(() => import('./BrowsePage'), 'BrowsePage')) },
  { path: 'shops/search', element: gated(lazyPage(() => import('./SearchPage'), 'SearchPage')) },
  { path: 'stripe/switch', element: gated(lazyPage(() => import('./StripeSwitchPage'), 'StripeSwitchPage')) },
];

export const platformShopRoutes: PageRoute[] = [
  { path: 'transaction_fee', element: gated(lazyPage(() => import('./TransactionFeePage'), 'TransactionFeePage')) },
];

/** Spec 1 §2 order: Review, Browse, Apps (a later issue, order 30), Search, Stripe. */
export const platformSuperAdminMenu: MenuEntry[] = [
  { to: '/shops/review', label: 'Review', icon: FactCheckIcon, order: 10, superAdminOnly: true },
  { to: '/shops/browse', label: 'Browse', icon: TravelExploreIcon, order: 20, superAdminOnly: true },
  { to: '/shops/search', label: 'Search', icon: SearchIcon, order: 40, superAdminOnly: true },
  { to: '/stripe/switch', label: 'Stripe', icon: PaymentsIcon, order: 50, superAdminOnly: true },
];

export const platformShopMenu: MenuEntry[] = [
  { to: 'transaction_fee', label: 'Transaction Fee', icon: PercentIcon, order: 920, superAdminOnly: true },
];
