import { registerSection } from './index.ts';
import { cloudZhCN } from './cloud.zh-CN.ts';

// The cloud area's texts load with its screens (every module that shows them imports this one).
registerSection('cloud', cloudZhCN, () => import('./cloud.en.ts').then((m) => m.cloudEn));
