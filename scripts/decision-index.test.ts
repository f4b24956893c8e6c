import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// The decision index (docs/decisions/0545) must refuse what would let it drift: the script is run as
// `npm test` runs it, on a folder of records written here.
const script = new URL('./decision-index.mjs', import.meta.url).pathname;
let dir: string;

function record(file: string, title: string, header: string) {
  writeFileSync(join(dir, file), `# ${file.slice(0, 4)} — ${title}\n\n${header}\n\n## Context\nWhy.\n`);
}

function index(...args: string[]) {
  const run = spawnSync(process.execPath, [script, '--dir', dir, ...args], { encoding: 'utf8' });
  return { status: run.status, errors: run.stderr };
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'decisions-'));
  record('0100-first.md', 'First', 'Date: 2026-11-20 · Status: amended by 0101 · Area: web');
  record('0101-second.md', 'Second', 'Date: 2026-11-21 · Status: accepted · Area: auth · Relates: Amends 0100 (its paging); issue 25');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('decision index', () => {
  it('writes one row per record, and --check passes until a record changes', () => {
    expect(index()).toMatchObject({ status: 0 });
    const readme = readFileSync(join(dir, 'README.md'), 'utf8');
    expect(readme).toContain('| [0100](0100-first.md) | First | amended | web | [0101](0101-second.md) |');
    expect(readme).toContain('| [0101](0101-second.md) | Second | accepted | auth |  |');
    expect(index('--check')).toMatchObject({ status: 0 });
    record('0102-third.md', 'Third', 'Date: 2026-11-22 · Status: accepted · Area: admin');
    expect(index('--check')).toMatchObject({ status: 1, errors: expect.stringContaining('is stale') });
  });

  it('fails naming the file when a record has no status', () => {
    record('0102-third.md', 'Third', 'Date: 2026-11-22 · Area: admin');
    const run = index('--check');
    expect(run.status).toBe(1);
    expect(run.errors).toContain('0102-third.md: line 3 has no Status; it must be "Date: YYYY-MM-DD · Status:');
  });

  it('fails naming the file when "superseded by" names no record', () => {
    record('0102-third.md', 'Third', 'Date: 2026-11-22 · Status: superseded by 0199 · Area: admin');
    const run = index('--check');
    expect(run.status).toBe(1);
    expect(run.errors).toContain('0102-third.md: "superseded by 0199" names no record');
  });

  it('fails on a number used twice, an unknown area, and a change only one record states', () => {
    record('0101-again.md', 'Again', 'Date: 2026-11-22 · Status: accepted · Area: admin');
    record('0103-fourth.md', 'Fourth', 'Date: 2026-11-22 · Status: accepted · Area: kitchen');
    record('0104-fifth.md', 'Fifth', 'Date: 2026-11-22 · Status: accepted · Area: web · Relates: Supersedes 0103');
    const { status, errors } = index('--check');
    expect(status).toBe(1);
    expect(errors).toContain('0101-second.md: number 0101 is also used by 0101-again.md');
    expect(errors).toContain('0103-fourth.md: the area "kitchen" is not one of');
    expect(errors).toContain('0104-fifth.md: supersedes 0103, but 0103-fourth.md\'s status is not "superseded by 0104"');
  });

  it('fails when a status names a later record that does not say it changed this one', () => {
    record('0101-second.md', 'Second', 'Date: 2026-11-21 · Status: accepted · Area: auth');
    expect(index('--check').errors).toContain('0100-first.md: is amended by 0101, but 0101-second.md does not say so');
  });
});
