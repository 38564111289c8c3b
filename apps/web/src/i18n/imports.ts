import { registerSection } from './index.ts';
import { importsZhCN } from './imports.zh-CN.ts';

// The import screens' texts load with them (every module that shows them imports this one).
registerSection('imports', importsZhCN, () => import('./imports.en.ts').then((m) => m.importsEn));
