import type { Area } from '../../src/contracts/area';
import { i18n } from './i18n';
import { api } from './api';
import { payoutsSection, section } from './section';

export const area = { name: 'stripe', sections: [section, payoutsSection], api, i18n } satisfies Area;
