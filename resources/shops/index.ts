import type { Area } from '../../src/contracts/area';
import { pages, sections } from './section';

export const area: Area = { name: 'shops', sections, pages };
