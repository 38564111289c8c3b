import { accountingZhCN } from './accounting.zh-CN.ts';
import { registerSection } from './index.ts';

// The accounting area's texts load with its screens, not the first load (every module that shows them imports this one).
const english = () => import('./accounting.en.ts').then((m) => m.accountingEn);
registerSection('accounting', accountingZhCN.accounting, () => english().then((en) => en.accounting));
registerSection('album', accountingZhCN.album, () => english().then((en) => en.album));
registerSection('search', accountingZhCN.search, () => english().then((en) => en.search));
registerSection('manage', accountingZhCN.manage, () => english().then((en) => en.manage));
