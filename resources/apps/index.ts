import type { Area } from '../../src/contracts/area';
import { pages } from './section';

export const area: Area = { name: 'apps', pages };
