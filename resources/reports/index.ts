import { lazy } from 'react';
import type { Area } from '../../src/contracts/area';
import { api } from './api';
import { labels } from './labels';
import { sections } from './section';

/** Today's numbers on the shop's overview, loaded with the overview rather than with the console. */
const TodayCard = lazy(() => import('./TodayCard').then((m) => ({ default: m.TodayCard })));

export const area = {
  name: 'reports',
  sections,
  mounts: { 'shop.overview': [TodayCard] },
  api,
  i18n: labels,
  words: () => import('./i18n').then((m) => m.i18n),
} satisfies Area;
