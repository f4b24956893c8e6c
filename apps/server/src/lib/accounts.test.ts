import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'seed' ? [] : sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.startsWith('test-') ? [full] : [];
  });
}

describe('one account-creation service (docs/decisions/0471)', () => {
  it('only lib/accounts.ts inserts user accounts, and only it makes temporary passwords', () => {
    const insertUsers = /insertInto\(\s*['"]users['"]\s*\)/;
    const makesPasswords = /\btemporaryPassword\(\)/;
    const offenders = sources(SRC)
      .filter((file) => !file.endsWith(path.join('lib', 'accounts.ts')) && !file.endsWith(path.join('lib', 'temporary-password.ts')))
      .filter((file) => {
        const text = readFileSync(file, 'utf8');
        return insertUsers.test(text) || makesPasswords.test(text);
      })
      .map((file) => path.relative(SRC, file));
    expect(offenders).toEqual([]);
  });
});
