import { registerSection } from './index.ts';
import { flowZhCN } from './flow.zh-CN.ts';

// The flows area's texts load with its screens (every module that shows them imports this one).
registerSection('flow', flowZhCN, () => import('./flow.en.ts').then((m) => m.flowEn));
