import type { Resources } from './zh-CN.ts';

export const en: Resources = {
  common: {
    loading: 'Loading', noNetwork: 'No network connection. Please check your network settings.', sessionAbnormal: 'Your session has ended. Please log in again.',
    serverHiccup: 'The server is having a hiccup. Please try again later.', save: 'Save', cancel: 'Cancel', confirm: 'OK', back: 'Back',
    retry: 'Retry', loadFailed: 'Failed to load', loadFailedHint: 'Check your connection and try again.', saved: 'Saved', appName: 'Cloud Account Book',
  },
  tabs: { home: 'Home', book: 'Books', market: 'Market', mine: 'Me' },
  areas: {
    core: 'Cloud Account Book', books: 'Books', market: 'Template market', accounting: 'Record', flows: 'Flows', budgets: 'Budgets', commerce: 'Orders and top-ups',
    members: 'Members and roles', cloud: 'Cloud space', migration: 'Private server', community: 'Community', messages: 'Messages', host: 'Host app',
  },
  notOpen: { title: 'Coming soon', body: '{{name}} is being built.', home: 'Back to home' },
  notFound: { title: 'Page not found', body: 'This link does not open anything; it may be out of date.' },
  mine: {
    loginPrompt: 'Log in to sync your books', login: 'Log in / Sign up', favorites: 'Favorites', upgrade: 'Upgrade to the app', recommend: 'Recommend to friends',
    feedback: 'Feedback', about: 'About us', personalInfo: 'Personal info', language: 'Language', noPhone: 'No phone bound',
  },
  login: {
    title: 'Log in', codeTab: 'Code', passwordTab: 'Password', phone: 'Phone', phonePlaceholder: 'Mobile number',
    code: 'Code', codePlaceholder: 'Verification code', sendCode: 'Send code', resend: 'Resend in {{s}} s', submit: 'Log in',
    account: 'Account', accountPlaceholder: 'Phone or email', password: 'Password', passwordPlaceholder: 'Password',
    noPhone: 'Enter your mobile number', badPhone: 'Enter an 11-digit mobile number', badCode: 'Enter the {{n}}-digit code', noAccount: 'Enter your account', noPassword: 'Enter your password',
    codeSent: 'Code sent', hint: 'A new phone number gets an account on first login',
  },
  personal: {
    title: 'Personal info', avatar: 'Avatar', nickname: 'Nickname', phone: 'Phone', bind: 'Bind', change: 'Change', password: 'Password',
    setPassword: 'Set password', changePassword: 'Change password', newPassword: 'New password (6-64)', logout: 'Log out',
    logoutConfirm: 'Log out now?', nicknameEmpty: 'The nickname cannot be empty', passwordShort: 'At least {{n}} characters',
    uploading: 'Uploading', uploadFailed: 'Upload failed. Please retry.', chooseFailed: 'Failed to choose a picture', tooLarge: 'Images must be under 5 MB',
    nicknamePlaceholder: 'Your nickname', camera: 'Take a photo', album: 'Choose from album',
  },
  books: {
    search: 'Search books', recent: 'Recent', all: 'All', owned: 'Mine', joined: 'Joined', filter: 'Filter books', more: 'More actions',
    add: 'Add book', addFromTemplate: 'Add a book from a template',
    members: '{{count}} members', members_one: '{{count}} member', owner: 'Owner', empty: 'No books yet', emptyHint: 'Create your first book from a template',
    noMatch: 'No books match "{{keyword}}"', noOwned: 'You have not created a book yet', noJoined: 'You have not joined anyone\'s book yet', noJoinedHint: 'Books you join by invitation show up here',
    loginPrompt: 'Log in to see and manage your books', loginHint: 'Your books live in the cloud and follow you to any phone',
    settings: 'Book settings', delete: 'Delete book', quit: 'Quit book', invite: 'Invite members', inviteSoon: 'Members and invitations open soon',
    deleteConfirm: 'Everyone will stop seeing this book; you can restore it within {{days}} days. Delete "{{name}}"?', quitConfirm: 'Quit "{{name}}"? You will no longer see this book.',
    deleted: 'Book deleted', quitDone: 'You left the book', created: 'Book created', goAccounting: 'Record', setDefault: 'Make default', defaultSet: 'Default book set',
    templates: 'Choose a template', templateUse: 'Use this template', nameTitle: 'Name your book', nameIt: 'Book name', otherTemplate: 'Other template', create: 'Create book',
    infoFlow: 'Featured', infoFlowSoon: 'The template market and articles open soon', current: 'Current',
    gone: 'Book not found', goneHint: 'This book may have been deleted, or you are no longer in it.', toMyBooks: 'My books',
  },
  bookIcons: { book: 'Book', home: 'Home', family: 'Family', shop: 'Shop', travel: 'Travel', renovation: 'Renovation', baby: 'Baby', wedding: 'Wedding', car: 'Car', money: 'Savings', study: 'Study', pet: 'Pet' },
  dashboard: {
    title: 'Book home', monthNumber: 'Month {{m}}', income: 'Income', expense: 'Expense', balance: 'Balance', noRecords: 'Nothing recorded this month', noRecordsHint: 'Tap Record to start', record: 'Record',
    flows: 'Flows', budget: 'Budget', members: 'Members', settings: 'Settings', share: 'Share book', shareTitle: 'Share', shareHint: 'Share this book with family and friends',
    shareText: 'Have a look at the book "{{name}}"', shared: 'Shared', linkCopied: 'Link copied: send it to family and friends to open the book', copyByHand: 'Could not copy automatically. Copy this link:',
    noBook: 'No book is open', pick: 'Choose a book',
  },
  bookSetting: {
    title: 'Book settings', name: 'Name', remark: 'Remark', noRemark: 'None', icon: 'Icon', cover: 'Cover', namePlaceholder: '1-20 characters', remarkPlaceholder: 'At most 100 characters',
    nameEmpty: 'The name cannot be empty', law: 'Service agreement', currency: 'Currency', creator: 'Owner', saved: 'Saved',
  },
  law: { title: 'Service agreement' },
  bindPhone: { title: 'Bind phone', submit: 'Bind', done: 'Phone bound' },
  about: { title: 'About us', webVersion: 'Web app version', appVersion: 'App version', intro: 'Cloud Account Book: families, friends and small businesses keep books together, in sync, with clear members and roles.' },
  update: {
    title: 'Upgrade to the app', web: 'Web app version', yourApp: 'Your app version', noApp: 'Not using the app', latest: 'Latest app version',
    inBrowser: 'You are using the web app: download the app for the full experience.', needed: 'A newer version is available.', upToDate: 'You are up to date.',
    body: 'The app adds voice entry, bill import, offline bookkeeping and home-screen widgets.', download: 'Download the app', update: 'Update the app',
  },
  loadingPage: { starting: 'Starting…', failed: 'Start-up had a problem and skipped it' },
};
