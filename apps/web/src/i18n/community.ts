import { registerSection } from './index.ts';
import { communityZhCN } from './community.zh-CN.ts';

// The community's texts load with its screens (every module that shows them imports this one).
registerSection('community', communityZhCN, () => import('./community.en.ts').then((m) => m.communityEn));
