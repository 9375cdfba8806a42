import type { Area } from '../../src/contracts/area';
import { api } from './api';
import { i18n } from './i18n';
import { pages } from './section';

import { RequiredTwoFactorSetup } from './RequiredTwoFactorSetup';

export const area = { name: 'account', pages, api, i18n, mounts: { 'account.twoFactorSetup': [RequiredTwoFactorSetup] } } satisfies Area;
