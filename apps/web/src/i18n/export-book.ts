import { registerSection } from './index.ts';
import { exportBookZhCN } from './export-book.zh-CN.ts';

// One label, with the book settings page; the sheet's texts (exports.ts) load with the sheet.
registerSection('exportBook', exportBookZhCN, () => import('./export-book.en.ts').then((m) => m.exportBookEn));
