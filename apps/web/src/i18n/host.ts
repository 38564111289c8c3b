import { registerSection } from './index.ts';
import { hostZhCN } from './host.zh-CN.ts';

// The host app's texts load with the host code and pages that show them (every module that shows them imports this one).
registerSection('host', hostZhCN, () => import('./host.en.ts').then((m) => m.hostEn));
