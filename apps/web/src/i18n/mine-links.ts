import { registerSection } from './index.ts';
import { mineLinksZhCN } from './mine-links.zh-CN.ts';

// The download, feedback and recommend pages' texts load with those pages.
registerSection('mineLinks', mineLinksZhCN, () => import('./mine-links.en.ts').then((m) => m.mineLinksEn));
