import { lazy } from 'react';
import type { Area } from '../../src/contracts/area';
import { api } from './api';
import { labels } from './labels';
import { sections } from './section';

// The card's code loads with the overview, not with the console's first page.
const ShortlinkCard = lazy(() => import('./ShortlinkCard').then((m) => ({ default: m.ShortlinkCard })));

export const area = {
  name: 'shortlink',
  sections,
  mounts: { 'shop.overview': [ShortlinkCard] },
  api,
  i18n: labels,
  words: () => import('./i18n').then((m) => m.i18n),
} satisfies Area;
