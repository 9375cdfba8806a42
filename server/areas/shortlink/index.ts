import type { AreaManifest } from '../types';
import routes from './routes';
import site from './routesSite';
import * as tables from './tables';
import { shortlinkConfig } from './config';
import { shortlinkServerMessages } from './messages';

/** Shortlink: the shop's short link, {PUBLIC_URL}/s/{code}, that sends customers to its ordering page. */
export const shortlinkArea: AreaManifest = {
  name: 'shortlink',
  routes: { shop: routes, site },
  tables,
  config: shortlinkConfig,
  messages: shortlinkServerMessages,
};
