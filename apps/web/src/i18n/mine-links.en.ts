import type { mineLinksZhCN } from './mine-links.zh-CN.ts';
import type { Texts } from './zh-CN.ts';

/** The mine page's links in English: loaded with those pages when English is chosen (i18n/index.ts). */
export const mineLinksEn: Texts<typeof mineLinksZhCN> = {
  download: {
    title: 'Download the app',
    lead: "Cloud Account Book runs on the web and inside our partners' phone apps. Both use the same books in the cloud: log in with the same phone number.",
    webTitle: 'The web version: you are using it now',
    webBody:
      "Open this site in your phone's browser and keep accounts, nothing to install. Your books live in the cloud and are there on any phone or browser you log in from.",
    homeScreen: 'Want to open it like an app? Choose "Add to Home Screen" in your browser\'s menu.',
    appTitle: 'In an app',
    appBody:
      'Opened inside a partner app, Cloud Account Book logs you in by itself, and adds voice entry, bill import, offline recording and home-screen widgets.',
    stepsTitle: 'How to get the app',
    step1: "Install a partner app from your phone's app store (latest version {{version}}).",
    step2: 'Open it and go to Cloud Account Book inside it.',
    step3: 'Log in with the same phone number: your books and members are all there.',
    inApp: 'You are using Cloud Account Book inside an app (version {{version}}).',
    back: 'Back',
  },
  feedback: {
    title: 'Feedback',
    lead: 'Ran into a problem, or missing something? Tell us: a person reads every message.',
    content: 'Your feedback',
    contentPlaceholder: 'Describe the problem or your suggestion',
    contact: 'Contact (optional)',
    contactPlaceholder: 'Phone, email or WeChat, so we can reply',
    required: 'Please write your feedback',
    submit: 'Send',
    thanks: 'Thank you for your feedback',
    thanksBody: 'We have it and will read it soon.',
    another: 'Write another',
    backToMine: 'Back to Mine',
  },
  recommend: {
    title: 'Recommend to friends',
    lead: 'Recommend Cloud Account Book to family and friends: keep accounts together, in sync as you go.',
    intro: 'Families, friends and small shops keeping accounts together, with clear members and roles.',
    shareText: 'I keep my accounts with Cloud Account Book. Try it with me:',
    copy: 'Copy link',
    share: 'Share with friends',
    copied: 'Link copied',
    shared: 'Shared',
    copyFailed: 'Could not copy by itself; press and hold the link below to copy it:',
    qrHint: 'Friends scan it with their phone to open it',
  },
};
