import { lazy } from 'react';
import type { Area } from '../../src/contracts/area';
import { api } from './api';
import { labels } from './labels';
import { pages } from './section';

// Only a user held at two-factor set-up sees it: its code (the QR code's included) loads then.
const RequiredTwoFactorSetup = lazy(() => import('./RequiredTwoFactorSetup').then((m) => ({ default: m.RequiredTwoFactorSetup })));

export const area = {
  name: 'account',
  pages,
  api,
  i18n: labels,
  words: () => import('./i18n').then((m) => m.i18n),
  mounts: { 'account.twoFactorSetup': [RequiredTwoFactorSetup] },
} satisfies Area;
