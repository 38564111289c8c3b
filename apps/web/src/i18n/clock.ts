import { registerSection } from './index.ts';
import { clockZhCN } from './clock.zh-CN.ts';

// The book clock's few texts load with the screens that show a book's times.
registerSection('clock', clockZhCN, () => import('./clock.en.ts').then((m) => m.clockEn));
