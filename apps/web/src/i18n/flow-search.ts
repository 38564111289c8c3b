import { registerSection } from './index.ts';
import { flowSearchZhCN } from './flow-search.zh-CN.ts';

// The search pages' texts load with their screens (every module that shows them imports this one).
registerSection('flowSearch', flowSearchZhCN, () => import('./flow-search.en.ts').then((m) => m.flowSearchEn));
