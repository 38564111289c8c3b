import { registerSection } from './index.ts';
import { messagesZhCN } from './messages.zh-CN.ts';

// The message center's texts load with its screens (every module that shows them imports this one).
registerSection('messages', messagesZhCN, () => import('./messages.en.ts').then((m) => m.messagesEn));
