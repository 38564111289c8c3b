import { registerSection } from './index.ts';
import { exportsZhCN } from './exports.zh-CN.ts';

// The export texts load with the screens that offer an export (every module that shows them imports this one).
registerSection('exports', exportsZhCN, () => import('./exports.en.ts').then((m) => m.exportsEn));
