import { lazy } from 'react';
import type { Area } from '../../src/contracts/area';
import { labels } from './labels';
import { api } from './api';
import { sections } from './sections';

// The board's 'Sold out' panel loads with the board, not with the console's start.
const SoldOutPanel = lazy(() => import('./board/SoldOutPanel').then((m) => ({ default: m.SoldOutPanel })));
const CardSoldOutMenu = lazy(() => import('./board/CardSoldOutMenu').then((m) => ({ default: m.CardSoldOutMenu })));

export const area = {
  name: 'catalog',
  sections,
  mounts: { 'orders.board': [SoldOutPanel], 'orders.card': [CardSoldOutMenu] },
  api,
  i18n: labels,
  words: () => import('./i18n').then((m) => m.i18n),
} satisfies Area;
