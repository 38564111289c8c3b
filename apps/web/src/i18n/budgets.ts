import { registerSection } from './index.ts';
import { budgetsZhCN } from './budgets.zh-CN.ts';

// The budgets area's texts load with its screens (every module that shows them imports this one).
registerSection('budgets', budgetsZhCN, () => import('./budgets.en.ts').then((m) => m.budgetsEn));
