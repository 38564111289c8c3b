import { registerSection } from './index.ts';
import { zonesZhCN } from './zones.zh-CN.ts';

// The migration area's texts load with its screens (every module that shows them imports this one).
registerSection('zones', zonesZhCN, () => import('./zones.en.ts').then((m) => m.zonesEn));
