import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types
import { deadPointers } from './dead-pointers.mjs';

// The dead-pointer check (docs/decisions/0616) fires on a probe tree and passes one whose pointers resolve.
const dir = mkdtempSync(join(tmpdir(), 'high5-pointers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function probe(files: Record<string, string>) {
  const root = mkdtempSync(join(dir, 'p-'));
  const all = {
    'docs/rules/shell.md': '# Shell\n\n## Idle lock\n\nAfter 300 s.\n',
    'docs/decisions/0410-clever.md': '# 0410 — Clever\n',
    ...files,
  };
  for (const [name, text] of Object.entries(all)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return deadPointers(root) as string[];
}

describe('dead pointers', () => {
  it('passes pointers that resolve (a rules section, a decision by number or range), a record header and the records', () => {
    expect(
      probe({
        'apps/server/a.ts': '// The lock (docs/rules/shell.md#idle-lock; docs/decisions/0410, docs/decisions/0410-0412).\n',
        'scripts/fixture.test.ts': "record('Date: 2026-11-21 · Relates: issue 25');\n",
        'e2e/shots.e2e.ts': "await shot(page, 'issue8-class');\n",
        'docs/decisions/0411-x.md': '# 0411 — X\n\nDate: 2026-11-28 · Status: accepted\n\nAsked in issue 9 (spec 003 section 2.13).\n',
      }),
    ).toEqual([]);
  });

  it('names file and line of a spec or issue citation', () => {
    expect(
      probe({
        'apps/web/b.tsx': 'const a = 1;\n// The footer (spec 000 section 7).\n',
        'packages/c.ts': '/** Issue 21: hostile. */\n',
        'e2e/d.e2e.ts': "describe('it works (issue #8)', () => {});\n",
        'apps/server/src/db/migrations/0001_x.sql': '-- Admin (Spec 003).\n',
        'docs/architecture.md': 'One rule, one place (issue 12).\n',
      }),
    ).toEqual([
      'apps/server/src/db/migrations/0001_x.sql:1: cites "Spec 003", which is not in the repository',
      'apps/web/b.tsx:2: cites "spec 000", which is not in the repository',
      'packages/c.ts:1: cites "Issue 21", which is not in the repository',
      'e2e/d.e2e.ts:1: cites "issue #8", which is not in the repository',
      'docs/architecture.md:1: cites "issue 12", which is not in the repository',
    ]);
  });

  it('names a docs path that does not exist, and a section a page does not have', () => {
    expect(
      probe({
        'apps/server/e.ts': '// See docs/decisions/0999 and docs/rules/missing.md.\n// docs/rules/shell.md#sign-in.\n',
      }),
    ).toEqual([
      'apps/server/e.ts:1: docs/decisions/0999 does not exist',
      'apps/server/e.ts:1: docs/rules/missing.md does not exist',
      'apps/server/e.ts:2: docs/rules/shell.md has no section #sign-in',
    ]);
  });
});
