import { activityZhCN } from './activity.zh-CN.ts';
import { registerSection } from './index.ts';

// The activity log's sentences load with its screen (every module that shows them imports this one).
registerSection('activity', activityZhCN, () => import('./activity.en.ts').then((m) => m.activityEn));
