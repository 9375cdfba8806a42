import FactCheckIcon from '@mui/icons-material/FactCheck';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import SearchIcon from '@mui/icons-material/Search';
import PaymentsIcon from '@mui/icons-material/Payments';
import type { MainPage } from '../../contracts/shopSection';
import { lazyPage } from '../../components/lazyPage';

/** The super admins' pages; spec 1 §2 order: Review, Browse, Apps (a later issue, order 30), Search, Stripe. */
export const pages: MainPage[] = [
  {
    path: 'shops/review',
    title: 'servery.pages.review',
    menu: { label: 'servery.pages.review', icon: FactCheckIcon, order: 10, role: 'SUPER_ADMIN' },
    element: lazyPage(() => import('./ReviewPage'), 'ReviewPage'),
  },
  {
    path: 'shops/browse',
    title: 'servery.pages.browse',
    menu: { label: 'servery.pages.browse', icon: TravelExploreIcon, order: 20, role: 'SUPER_ADMIN' },
    element: lazyPage(() => import('./BrowsePage'), 'BrowsePage'),
  },
  {
    path: 'shops/search',
    title: 'servery.pages.search',
    menu: { label: 'servery.pages.search', icon: SearchIcon, order: 40, role: 'SUPER_ADMIN' },
    element: lazyPage(() => import('./SearchPage'), 'SearchPage'),
  },
  {
    path: 'stripe/switch',
    title: 'servery.pages.stripe',
    menu: { label: 'servery.pages.stripe', icon: PaymentsIcon, order: 50, role: 'SUPER_ADMIN' },
    element: lazyPage(() => import('./StripeSwitchPage'), 'StripeSwitchPage'),
  },
];
