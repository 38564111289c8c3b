import { registerSection } from './index.ts';
import { placesZhCN } from './places.zh-CN.ts';

// A record's place and the location pages: loaded with the record form and those pages.
registerSection('places', placesZhCN, () => import('./places.en.ts').then((m) => m.placesEn));
