import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { apiUrl } from '../src/deployment';
import { httpClient } from './httpClient';

/**
 * ra-data-simple-rest on /api with the authenticated client. Areas that need calls beyond CRUD
 * add them here as methods (dataProvider.approveShop(...)) so errors go through one place.
 */
const base = simpleRestProvider(apiUrl, (url, options) => httpClient(url, options as never));

export const dataProvider: DataProvider = {
  ...base,
};
