import { lazyTab, type SettingsTab } from './settingsTab';

/**
 * The settings area's own tabs (checkout 10, order 20, kitchen 25, booking 40, loyalty 50, custom collection time 60, security 70); the
 * pizza settings (30) sit between them in ./tabs.ts.
 */
export const CONFIG_TABS: SettingsTab[] = [
  {
    id: 'checkout',
    label: 'resources.settings.tabs.checkout',
    order: 10,
    element: lazyTab(() => import('./tabs/CheckoutTab'), 'CheckoutTab'),
  },
  { id: 'order', label: 'resources.settings.tabs.order', order: 20, element: lazyTab(() => import('./tabs/OrderTab'), 'OrderTab') },
  // Beside the Order Settings: how the kitchen takes orders (accepting them as they come, and how many per slot).
  { id: 'kitchen', label: 'resources.settings.tabs.kitchen', order: 25, element: lazyTab(() => import('./tabs/KitchenTab'), 'KitchenTab') },
  { id: 'booking', label: 'resources.settings.tabs.booking', order: 40, element: lazyTab(() => import('./tabs/BookingTab'), 'BookingTab') },
  { id: 'loyalty', label: 'resources.settings.tabs.loyalty', order: 50, element: lazyTab(() => import('./tabs/LoyaltyTab'), 'LoyaltyTab') },
  {
    id: 'custom_collection',
    label: 'resources.settings.tabs.custom_collection',
    order: 60,
    element: lazyTab(() => import('./tabs/CustomCollectionTab'), 'CustomCollectionTab'),
    // Spec 3 §2.6: only when collection time is on and its type is CUSTOM.
    reads: ['checkout'],
    visible: ({ setting }) => setting('checkout')?.hasCollectionTime === true && setting('checkout')?.collectionTime === 'CUSTOM',
  },
  // Who must sign in with two-factor: the shop's ADMINs decide (the kind is theirs to read and write).
  {
    id: 'security',
    label: 'resources.settings.tabs.security',
    order: 70,
    element: lazyTab(() => import('./tabs/SecurityTab'), 'SecurityTab'),
    visible: ({ access }) => access !== 'USER',
  },
];
