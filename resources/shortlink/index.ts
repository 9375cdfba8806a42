import type { Area } from '../../src/contracts/area';
import { api } from './api';
import { i18n } from './i18n';
import { ShortlinkCard } from './ShortlinkCard';

export const area = { name: 'shortlink', overviewCards: [ShortlinkCard], api, i18n } satisfies Area;
