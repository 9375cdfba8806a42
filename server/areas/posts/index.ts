import { loggedDemo, type AreaManifest } from '../types';
import routes from './routes';
import storefrontPosts from './routesStorefront';
import * as tables from './tables';
import { loadPostsDemo } from './demo';

/** Posts: the shop's news posts (scheduled, expiring) and the live ones customers' apps load. */
export const postsArea: AreaManifest = {
  name: 'posts',
  routes: { shop: routes, storefront: storefrontPosts },
  tables,
  demo: loggedDemo(loadPostsDemo),
};
