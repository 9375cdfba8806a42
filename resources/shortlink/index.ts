import { lazy } from 'react';
import type { Area } from '../../src/contracts/area';
import { api } from './api';
import { i18n } from './i18n';
import { sections } from './section';

// The card's code loads with the overview, not with the console's first page.
const ShortlinkCard = lazy(() => import('./ShortlinkCard').then((m) => ({ default: m.ShortlinkCard })));

export const area = { name: 'shortlink', sections, mounts: { 'shop.overview': [ShortlinkCard] }, api, i18n } satisfies Area;
