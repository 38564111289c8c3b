import { registerSection } from './index.ts';
import { recordZhCN } from './record.zh-CN.ts';

// The record form's and the money inputs' texts load with their screens (every module that shows them imports this one).
registerSection('record', recordZhCN, () => import('./record.en.ts').then((m) => m.recordEn));
