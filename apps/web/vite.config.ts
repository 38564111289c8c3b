import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { inlineEntryCss } from './build/inline-css.ts';
import { precompress } from './build/precompress.ts';
import { serviceWorker } from './build/service-worker.ts';

const server = process.env.CAB_SERVER_URL ?? 'http://127.0.0.1:3000';
const proxied = ['/cab-', '/finance-', '/server', '/dev', '/v2', '/files', '/docs', '/static'];

/** A chunk for the modules `test` matches, and only them (not what they import). */
const group = (name: string, test: RegExp) => ({ name, test, priority: 1, includeDependenciesRecursively: false });

/**
 * The chunks whose imports are fetched beside them: pages, home's info flow (its text is
 * home's largest paint) and the prefetches that ask for a page's data. Fetched as each
 * was parsed, the info flow's imports were four round trips one after the other.
 */
const FETCHED_WITH_DEPS = /\/(\w+Page|InfoFlow|prefetch)-[\w-]+\.js$/;
/**
 * Pages reached rarely and never as a first screen (the wallet's top-up, payment results and
 * trade records, issue 27; the cloud space's eight, issue 28; the private server, off-line and
 * environment pages, issue 29; the two import pages, issue 31): their own chunks come as each is parsed. Every page listed
 * with its chunks adds their names to the entry's preload map, which every first load carries
 * (registering these seven with theirs cost home, mine and the dashboard 0.3 KB).
 */
const FETCHED_AS_PARSED =
  /\/(BananaShell|Processing|PaySuccess|PayFail|Record|Result|RechargeGuide|CloudIndex|SharingManagement|Apply|Agreement|Rule|Introduce|Exclusive|PrivateIndex|OffLine|CloudEnv|ImportIndex|ImportDetail)Page-[\w-]+\.js$/;
/** What the entry itself loads: never worth a preload link. */
const ALWAYS_LOADED = /\/(framework|rolldown-runtime)-[\w-]+\.js$/;

export default defineConfig(() => ({
  plugins: [react(), inlineEntryCss(), serviceWorker(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The size check (scripts/check-size.ts) reads the manifest to find each page's chunks.
    manifest: true,
    // A page's own chunks are fetched beside it (module preload links made as its import
    // starts); the lazy pieces inside pages (popups, live updates) fetch theirs as they are
    // parsed, but for the info flow (FETCHED_WITH_DEPS). Each link is main-thread work at
    // the moment it is made: preloading everything held home's main thread 60-250 ms longer
    // in Lighthouse (4x CPU), for about the same largest paint (docs/performance.md, issue 26).
    modulePreload: {
      resolveDependencies: (filename: string, deps: string[], { hostId }: { hostId: string }) =>
        FETCHED_WITH_DEPS.test(filename) && !FETCHED_AS_PARSED.test(filename)
          ? deps.filter((d) => d !== hostId && !ALWAYS_LOADED.test(d))
          : [],
    },
    // Images are inlined only when tiny; anything larger is its own cacheable file.
    assetsInlineLimit: 1024,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The framework every screen runs on changes with upgrades, not with app
            // releases: one chunk of its own stays cached across deploys. (Grouping
            // antd-mobile's light components the same way was tried: fewer requests,
            // but every page then carried all of them, 30 KB more; see docs/performance.md.)
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/]query-core|@tanstack[\\/]react-query|zustand|use-sync-external-store)[\\/]/,
              priority: 2,
            },
            // Everything the entry imports statically is needed before anything runs: one
            // chunk, not nine small ones that pages also import (each a request, and on
            // HTTP/1.1 six at a time). Only the modules the entry imports, not all their
            // imports: antd-mobile's index would otherwise bring every component.
            { name: 'app', tags: ['$initial' as const], priority: 1, includeDependenciesRecursively: false },
            // Small pieces that are always fetched together, each a chunk of its own otherwise
            // (rolldown makes one per set of importers): on HTTP/1.1 home's first screen asked
            // for 26 files, six at a time, and its largest paint waited for the last. These
            // four groups brought it to 12 (Lighthouse home 93 -> 96) for at most 1.6 KB more
            // on a page that needs one piece of a group (docs/performance.md, issue 26).
            // Leaf modules only (no import pulls in more), so no page gains a chain of chunks.
            group(
              'ui-base',
              /(antd-mobile[\\/]es[\\/](utils[\\/](to-css-length|get-scroll-parent|generate-int-array)|components[\\/]skeleton[\\/])|ahooks[\\/]es[\\/](useUnmount|useLatest)[\\/]|src[\\/]lib[\\/]chunk\.ts)/,
            ),
            // What every paged list draws with: the infinite scroll, its throttling, "more rows".
            group(
              'lists',
              /(src[\\/]app[\\/]MoreRows\.|antd-mobile[\\/]es[\\/]components[\\/]infinite-scroll[\\/]|ahooks[\\/]es[\\/](useLockFn|useThrottleFn)[\\/]|lodash[\\/])/,
            ),
            group('market', /(src[\\/]features[\\/]market[\\/](api|components[\\/]glyphs)\.|contracts[\\/]src[\\/]market-paths\.)/),
            // The commerce screens' shared pieces (issue 27): one chunk, one request, where
            // rolldown made eight small ones for the seven pages that share them.
            group(
              'commerce',
              /(src[\\/]features[\\/]commerce[\\/](api|flow|money|format|processing|useRechargeField|components[\\/]glyphs)\.|src[\\/]i18n[\\/]commerce(\.zh-CN)?\.ts|contracts[\\/]src[\\/]commerce-paths\.)/,
            ),
            group(
              'content',
              /(src[\\/]features[\\/]content[\\/](api|mine-info|operations|format|components[\\/](glyphs|useFollowLink))|src[\\/]i18n[\\/]content)\./,
            ),
          ],
        },
      },
    },
  },
  server: { proxy: Object.fromEntries(proxied.map((p) => [p, { target: server, changeOrigin: true }])) },
}));
