// The layers of the house (docs/decisions.md, "Layers"). Each package lists its layers
// lowest first: a file imports its own layer and the layers below it, never one above.
// A path is from the repository root: `dir/` is everything under dir, `*` one name.
// Where two paths hold a file, the longer one places it.

export const HOUSE = [
  {
    package: 'contracts',
    imports: [],
    layers: [{ name: 'contracts', paths: ['packages/contracts/src/'] }],
  },
  {
    package: 'server',
    imports: ['contracts'],
    layers: [
      {
        name: 'config',
        paths: [
          'apps/server/src/config.ts',
          'apps/server/src/sms-config.ts',
          'apps/server/src/payments-config.ts',
          'apps/server/src/webviews-config.ts',
          'apps/server/src/storage-config.ts',
          'apps/server/src/server-root.ts',
        ],
      },
      // Seed data and the shapes it is written in; modules read it.
      { name: 'seed', paths: ['apps/server/db/seed/'] },
      { name: 'platform', paths: ['apps/server/src/platform/'] },
      { name: 'http', paths: ['apps/server/src/http/'] },
      // A module may call another's service, as long as no two modules need each other.
      { name: 'modules', paths: ['apps/server/src/modules/*/'], units: 'no circle' },
      // Tools served only outside production (the test host, docs/host.md): they use modules, app.ts registers them.
      { name: 'dev tools', paths: ['apps/server/src/dev/'] },
      // What puts the server together and runs it: the app, the process, the operator's commands.
      { name: 'entry points', paths: ['apps/server/src/*', 'apps/server/src/cli/'] },
    ],
  },
  {
    package: 'web',
    imports: ['contracts'],
    layers: [
      // The service worker's routing rule (docs/offline.md): copied into /sw.js at build, imports nothing.
      { name: 'service worker', paths: ['apps/web/src/sw/'] },
      { name: 'lib', paths: ['apps/web/src/lib/'] },
      { name: 'stores', paths: ['apps/web/src/stores/'] },
      { name: 'i18n', paths: ['apps/web/src/i18n/'] },
      // The kit every screen uses: page bar, states, forms, icons, toasts, sheets, popups.
      { name: 'app', paths: ['apps/web/src/app/'] },
      // The request wrapper (it shows its toasts with the kit).
      { name: 'api', paths: ['apps/web/src/api/'] },
      // Inside a host app (docs/host.md): the bridge, its sign-in, top bar, share and messages.
      { name: 'host', paths: ['apps/web/src/host/'] },
      // An area may use another's parts, as long as no two areas need each other.
      { name: 'features', paths: ['apps/web/src/features/*/'], units: 'no circle' },
      // One folder a page (or a few pages of one area); no page imports another's files.
      {
        name: 'pages',
        paths: ['apps/web/src/pages/*/'],
        units: 'apart',
        importedOnlyBy: ['apps/web/src/app/pages.ts'],
      },
      // The frame: the entry, the router, the page registry, the start-up, the tab bar.
      {
        name: 'shell',
        paths: [
          'apps/web/src/main.tsx',
          'apps/web/src/app/router.tsx',
          'apps/web/src/app/pages.ts',
          'apps/web/src/app/start.ts',
          'apps/web/src/host/start.ts',
          'apps/web/src/app/TabBar.tsx',
        ],
      },
    ],
  },
];
