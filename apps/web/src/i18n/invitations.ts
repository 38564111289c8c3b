import { registerSection } from './index.ts';
import { invitationsZhCN } from './invitations.zh-CN.ts';

// The invitations area's texts load with its screens and popups (every module that shows them imports this one).
registerSection('invitations', invitationsZhCN, () => import('./invitations.en.ts').then((m) => m.invitationsEn));
