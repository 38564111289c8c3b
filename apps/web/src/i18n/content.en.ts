import type { contentZhCN } from './content.zh-CN.ts';
import type { Texts } from './zh-CN.ts';

/** The content area's texts in English: loaded with its screens when English is chosen (i18n/index.ts). */
export const contentEn: Texts<typeof contentZhCN> = {
  flow: {
    label: 'Featured',
    empty: 'Nothing here yet',
    emptyHint: 'Try another tag',
    loadingMore: 'Loading…',
    noMore: 'That’s all',
    loadMoreFailed: 'Failed to load, tap to retry',
    article: 'Article',
    video: 'Video',
    collects: '{{count}} saves',
    collects_one: '1 save',
    playVideo: 'Play the video: {{title}}',
    duration: 'Length {{time}}',
  },
  tags: {
    label: 'Topics',
    all: 'All',
    manage: 'Choose topics',
    manageTitle: 'My topics',
    manageHint: 'Chosen topics show on the home page; tap one to choose it or drop it',
    localHint: 'Log in to keep your choice in your account',
    done: 'Done',
    selected: 'Chosen',
  },
  operation: {
    ad: 'Suggested',
    open: 'Open',
    share: 'Share',
  },
  share: {
    shared: 'Shared',
    copied: 'Link copied',
    failed: 'Could not share; copy the link by hand',
  },
  popup: {
    close: 'Close',
    go: 'Take a look',
  },
  guide: {
    dismiss: 'Got it',
    more: 'Take a look',
  },
  detail: {
    articleTitle: 'Article',
    videoTitle: 'Video',
    notFound: 'This article or video does not exist',
    notFoundHint: 'It may have been taken down',
    backHome: 'Back to home',
    published: '{{author}} · {{date}}',
    collect: 'Save',
    collected: 'Saved',
    collectCount: 'Saved by {{count}}',
    collectedToast: 'Saved',
    uncollectedToast: 'Removed from saved',
    loginToCollect: 'Log in to save articles and videos',
    goLogin: 'Log in',
    share: 'Share',
    template: 'The book template in this article',
    useTemplate: 'Keep books with this template',
    templateUsers: '{{count}} users',
    templateUsers_one: '1 user',
  },
  mine: {
    figures: 'Templates {{templates}} · Saved {{contents}} · Reviews {{reviews}}',
  },
  search: {
    templates: 'Templates',
    contents: 'Articles and videos',
    noTemplates: 'No templates match “{{keyword}}”',
    noContents: 'No articles or videos match “{{keyword}}”',
  },
};
