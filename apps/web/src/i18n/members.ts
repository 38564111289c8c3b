import { registerSection } from './index.ts';
import { membersZhCN } from './members.zh-CN.ts';

// The members area's texts load with its screens (every module that shows them imports this one).
registerSection('members', membersZhCN, () => import('./members.en.ts').then((m) => m.membersEn));
