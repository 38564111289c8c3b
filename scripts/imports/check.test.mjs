// The import check's own tests (node --test): what it reads, and what it refuses.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { findViolations } from './check.mjs';
import { HOUSE } from './layers.mjs';
import { readImports } from './read.mjs';

const W = 'apps/web/src';
const S = 'apps/server/src';
const graph = (...pairs) => ({
  files: [...new Set(pairs.flat())].sort(),
  edges: pairs.filter((p) => p.length === 2).map(([from, to]) => ({ from, to })),
});

describe('the layer check', () => {
  it('passes a graph that keeps the layers', () => {
    const g = graph(
      [`${W}/app/pages.ts`, `${W}/pages/home/HomePage.tsx`],
      [`${W}/pages/home/HomePage.tsx`, `${W}/features/books/queries.ts`],
      [`${W}/features/invitations/api.ts`, `${W}/features/books/queries.ts`],
      [`${W}/features/books/queries.ts`, `${W}/api/client.ts`],
      [`${W}/api/client.ts`, `${W}/app/toast.ts`],
      [`${W}/app/toast.ts`, `${W}/i18n/index.ts`],
      [`${W}/i18n/index.ts`, `${W}/stores/settings.ts`],
      [`${W}/stores/settings.ts`, `${W}/lib/settings.ts`],
      [`${W}/lib/settings.ts`, 'packages/contracts/src/client.ts'],
      [`${S}/app.ts`, `${S}/modules/books/books.routes.ts`],
      [`${S}/modules/books/books.routes.ts`, `${S}/http/route.ts`],
      [`${S}/modules/books/books.service.ts`, `${S}/modules/user/user.service.ts`],
      [`${S}/http/route.ts`, `${S}/platform/db/index.ts`],
    );
    assert.deepEqual(findViolations(g, HOUSE), []);
  });

  it('names a circle of files, the way round it', () => {
    const g = graph(
      [`${W}/app/pages.ts`, `${W}/pages/home/HomePage.tsx`],
      [`${W}/pages/home/HomePage.tsx`, `${W}/pages/home/Part.tsx`],
      [`${W}/pages/home/Part.tsx`, `${W}/pages/home/HomePage.tsx`],
    );
    assert.deepEqual(findViolations(g, HOUSE), [
      `circle of files: ${W}/pages/home/HomePage.tsx -> ${W}/pages/home/Part.tsx -> ${W}/pages/home/HomePage.tsx`,
    ]);
  });

  it('names an import that runs up a layer', () => {
    const g = graph(
      [`${W}/features/accounting/Manage.tsx`, `${W}/pages/personalInfo/EditPopup.tsx`],
      [`${S}/platform/rate-limit.ts`, `${S}/http/errors.ts`],
    );
    assert.deepEqual(findViolations(g, HOUSE), [
      `upward import: ${W}/features/accounting/Manage.tsx (web features) -> ${W}/pages/personalInfo/EditPopup.tsx (web pages)`,
      `upward import: ${S}/platform/rate-limit.ts (server platform) -> ${S}/http/errors.ts (server http)`,
    ]);
  });

  it('lets only the page registry import pages, and no page another page', () => {
    const g = graph(
      [`${W}/app/router.tsx`, `${W}/pages/home/HomePage.tsx`],
      [`${W}/pages/bindPhone/BindPhonePage.tsx`, `${W}/pages/accountLogin/CodeFields.tsx`],
    );
    assert.deepEqual(findViolations(g, HOUSE), [
      `only ${W}/app/pages.ts may import web pages: ${W}/app/router.tsx -> ${W}/pages/home/HomePage.tsx`,
      `one pages unit imports another: ${W}/pages/bindPhone/BindPhonePage.tsx -> ${W}/pages/accountLogin/CodeFields.tsx`,
    ]);
  });

  it('names a circle between feature areas or server modules, with the imports that tie it', () => {
    const g = graph(
      [`${W}/features/live/start.ts`, `${W}/features/messages/unread-fetch.ts`],
      [`${W}/features/messages/unread.ts`, `${W}/features/live/store.ts`],
      [`${S}/modules/auth/auth.routes.ts`, `${S}/modules/user/user.service.ts`],
      [`${S}/modules/user/user.routes.ts`, `${S}/modules/auth/password.ts`],
    );
    assert.deepEqual(findViolations(g, HOUSE), [
      `circle of folders: ${S}/modules/auth/ -> ${S}/modules/user/ -> ${S}/modules/auth/ (${S}/modules/auth/auth.routes.ts -> ${S}/modules/user/user.service.ts; ${S}/modules/user/user.routes.ts -> ${S}/modules/auth/password.ts)`,
      `circle of folders: ${W}/features/live/ -> ${W}/features/messages/ -> ${W}/features/live/ (${W}/features/live/start.ts -> ${W}/features/messages/unread-fetch.ts; ${W}/features/messages/unread.ts -> ${W}/features/live/store.ts)`,
    ]);
  });

  it('refuses imports across packages other than into the contracts, and files in no layer', () => {
    const g = graph(
      [`${W}/api/client.ts`, `${S}/http/errors.ts`],
      ['packages/contracts/src/books.ts', `${W}/lib/format.ts`],
      [`${W}/widgets/Clock.tsx`],
    );
    assert.deepEqual(findViolations(g, HOUSE), [
      `in no layer: ${W}/widgets/Clock.tsx (give it one in scripts/imports/layers.mjs)`,
      `across packages: ${W}/api/client.ts (web) -> ${S}/http/errors.ts (server)`,
      `across packages: packages/contracts/src/books.ts (contracts) -> ${W}/lib/format.ts (web)`,
    ]);
  });
});

describe('reading the imports', () => {
  it('follows static, type-only, re-exported and dynamic imports and the contracts entries, and leaves tests, styles and libraries out', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cab-imports-'));
    const write = (file, text) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    };
    write('packages/contracts/src/client.ts', 'export const A = 1;\n');
    write(
      'src/a.ts',
      "import { b } from './b.ts';\nimport type { C } from './c';\nexport { d } from './d/index.ts';\nimport './a.css';\nimport { z } from 'zod';\nimport { A } from '@cab/contracts/client';\n",
    );
    write('src/b.ts', "export const b = () => import('./e.tsx');\n");
    write('src/c.ts', 'export type C = 1;\n');
    write('src/d/index.ts', 'export const d = 1;\n');
    write('src/e.tsx', 'export default 1;\n');
    write('src/a.test.ts', "import { b } from './b.ts';\n");
    write('src/test-fixtures.ts', "import { b } from './b.ts';\n");
    const g = readImports(root, ['packages/contracts/src', 'src'], { '@cab/contracts/client': 'packages/contracts/src/client.ts' });
    fs.rmSync(root, { recursive: true, force: true });
    assert.deepEqual(g.files, ['packages/contracts/src/client.ts', 'src/a.ts', 'src/b.ts', 'src/c.ts', 'src/d/index.ts', 'src/e.tsx']);
    assert.deepEqual(
      g.edges.map((e) => `${e.from} -> ${e.to}`),
      [
        'src/a.ts -> src/b.ts',
        'src/a.ts -> src/c.ts',
        'src/a.ts -> src/d/index.ts',
        'src/a.ts -> packages/contracts/src/client.ts',
        'src/b.ts -> src/e.tsx',
      ],
    );
  });
});
