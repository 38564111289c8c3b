import { registerSection } from './index.ts';
import { marketZhCN } from './market.zh-CN.ts';

// The market area's texts load with its screens (every module that shows them imports this one).
registerSection('market', marketZhCN, () => import('./market.en.ts').then((m) => m.marketEn));
