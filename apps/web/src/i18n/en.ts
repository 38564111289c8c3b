import type { Resources } from './zh-CN.ts';

export const en: Resources = {
  common: {
    loading: 'loading', noNetwork: 'no network connection, please check network settings', sessionAbnormal: 'user info abnormal, please log in again',
    serverHiccup: 'The server is having a hiccup, please retry later.', save: 'Save', cancel: 'Cancel', confirm: 'OK', back: 'Back',
    retry: 'Retry', loadFailed: 'Failed to load', saved: 'Saved', appName: 'Cloud Account Book',
  },
  tabs: { home: 'Home', book: 'Books', market: 'Market', mine: 'Me' },
  notOpen: { title: 'This page is not open yet', body: 'This feature is being built.', home: 'Back to home' },
  mine: {
    loginPrompt: 'Log in to sync your books', login: 'Log in / Sign up', favorites: 'Favorites', upgrade: 'Upgrade to the app', recommend: 'Recommend to friends',
    feedback: 'Feedback', about: 'About us', personalInfo: 'Personal info', language: 'Language', noPhone: 'No phone bound',
  },
  login: {
    title: 'Log in', codeTab: 'Code', passwordTab: 'Password', phone: 'Phone', phonePlaceholder: 'Mobile number',
    code: 'Code', codePlaceholder: 'Verification code', sendCode: 'Send code', resend: 'Resend in {{s}} s', submit: 'Log in',
    account: 'Account', accountPlaceholder: 'Phone or email', password: 'Password', passwordPlaceholder: 'Password',
    badPhone: 'Enter a valid mobile number', badCode: 'Enter the code', codeSent: 'Code sent', hint: 'A new phone number gets an account on first login',
  },
  personal: {
    title: 'Personal info', avatar: 'Avatar', nickname: 'Nickname', phone: 'Phone', bind: 'Bind', change: 'Change', password: 'Password',
    setPassword: 'Set password', changePassword: 'Change password', newPassword: 'New password (6-64)', logout: 'Log out',
    logoutConfirm: 'Log out now?', nicknameEmpty: 'Nickname cannot be empty', nicknameLong: 'At most 20 characters', passwordShort: 'At least 6 characters',
    uploading: 'Uploading', uploadFailed: 'service error, please retry', chooseFailed: 'failed to choose picture', tooLarge: 'Images must be under 5 MB',
    nicknamePlaceholder: 'Your nickname',
  },
  books: {
    search: 'Search books', recent: 'Recent', all: 'All', owned: 'Mine', joined: 'Joined', add: 'Add book', addFromTemplate: 'Add a book from a template',
    members: '{{count}} members', members_one: '{{count}} member', owner: 'Owner', empty: 'No books yet', emptyHint: 'Create your first book from a template', noMatch: 'No matching books',
    loginPrompt: 'Log in to see and manage your books', settings: 'Book settings', delete: 'Delete book', quit: 'Quit book', invite: 'Invite members', inviteSoon: 'Members and invitations open soon',
    deleteConfirm: 'Everyone will stop seeing this book; you can restore it within {{days}} days. Delete "{{name}}"?', quitConfirm: 'Quit "{{name}}"? You will no longer see this book.',
    deleted: 'Book deleted', quitDone: 'You left the book', created: 'Book created', goAccounting: 'Record', setDefault: 'Make default', defaultSet: 'Default book set',
    templates: 'Choose a template', templateUse: 'Use this template', infoFlow: 'Featured', infoFlowSoon: 'The template market and articles open soon', current: 'Current',
  },
  dashboard: {
    title: 'Book home', month: 'Month {{m}}', income: 'Income', expense: 'Expense', balance: 'Balance', noRecords: 'Nothing recorded this month yet: tap Record to start', record: 'Record',
    flows: 'Flows', budget: 'Budget', members: 'Members', settings: 'Settings', share: 'Share book', shareTitle: 'Share', shareHint: 'Share this book with family and friends', noBook: 'No book is open', pick: 'Choose a book',
  },
  bookSetting: {
    title: 'Book settings', name: 'Name', remark: 'Remark', icon: 'Icon', cover: 'Cover', namePlaceholder: '1-20 characters', remarkPlaceholder: 'At most 100 characters',
    nameEmpty: 'The name cannot be empty', nameLong: 'At most 20 characters', remarkLong: 'At most 100 characters', law: 'Service agreement', currency: 'Currency', creator: 'Owner', saved: 'Saved',
  },
  law: { title: 'Service agreement' },
  bindPhone: { title: 'Bind phone', submit: 'Bind', done: 'Phone bound' },
  about: { title: 'About us', webVersion: 'Web app version', appVersion: 'App version', intro: 'Cloud Account Book: families, friends and small businesses keep books together, in sync, with clear members and roles.' },
  update: {
    title: 'Upgrade to the app', current: 'Current version', latest: 'Latest version', needed: 'A newer version is available: upgrade to the app for the full experience.', upToDate: 'You are up to date.',
    body: 'The app adds voice entry, bill import, offline bookkeeping and home-screen widgets.', download: 'Download the app',
  },
  loadingPage: { starting: 'Starting…', failed: 'Start-up had a problem and skipped it' },
};
