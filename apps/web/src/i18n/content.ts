import { registerSection } from './index.ts';
import { contentZhCN } from './content.zh-CN.ts';

// The content area's texts load with its screens (every module that shows them imports this one).
registerSection('content', contentZhCN, () => import('./content.en.ts').then((m) => m.contentEn));
