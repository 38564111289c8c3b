import { registerSection } from './index.ts';
import { offlineZhCN } from './offline.zh-CN.ts';

// Offline recording's texts load with the screens that show them (every module that shows them imports this one).
registerSection('offline', offlineZhCN, () => import('./offline.en.ts').then((m) => m.offlineEn));
