import { registerSection } from './index.ts';
import { commerceZhCN } from './commerce.zh-CN.ts';

// The commerce area's texts load with its screens (every module that shows them imports this one).
registerSection('commerce', commerceZhCN, () => import('./commerce.en.ts').then((m) => m.commerceEn));
