// `npm test`: every check and suite, each ending with a plain "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { findChromium } from './chromium.mjs';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules/.bin', name);
const results = [];

function run(cmd, args, env = {}) {
  return spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status === 0;
}

function check(name, ok) {
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
  console.log(`\n${name}: ${ok ? 1 : 0} passed, ${ok ? 0 : 1} failed\n`);
}

function vitest(name, args, env = {}) {
  mkdirSync(join(root, '.tmp'), { recursive: true });
  const out = join(root, '.tmp', `${name.replace(/\W+/g, '-')}.json`);
  rmSync(out, { force: true });
  const ok = run(bin('vitest'), ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], env);
  let passed = 0;
  let failed = ok ? 0 : 1;
  try {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    passed = report.numPassedTests;
    failed = report.numFailedTests + (ok || report.numFailedTests ? 0 : 1);
  } catch {
    /* no report: the run itself failed */
  }
  results.push({ name, passed, failed });
  console.log(`\n${name}: ${passed} passed, ${failed} failed\n`);
}

check('typecheck', run(process.execPath, ['scripts/typecheck.mjs']));
check('lint', run(bin('eslint'), ['.', '--max-warnings=0']));
// One formatter over the tree (docs/decisions/0619); `npm run format` rewrites what it lists.
check('format', run(bin('prettier'), ['--check', '.', '--log-level=warn']));
check('import cycles', run(process.execPath, ['scripts/import-cycles.mjs']));
check('i18n parity', run(process.execPath, ['scripts/i18n-parity.mjs']));
check('decision index', run(process.execPath, ['scripts/decision-index.mjs', '--check']));
check('dead pointers', run(process.execPath, ['scripts/dead-pointers.mjs']));
vitest('unit', ['--project', 'unit']);
vitest('api (PGlite)', ['--project', 'api'], { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) vitest('api (PostgreSQL)', ['--project', 'api']);
else console.log('api (PostgreSQL): skipped, TEST_DATABASE_URL is not set');

let chromium;
try {
  chromium = findChromium();
} catch (error) {
  console.error(error.message);
}
if (chromium) {
  const built = spawnSync(bin('vite'), ['build', '--logLevel', 'warn'], { cwd: join(root, 'apps/web'), stdio: 'inherit' }).status === 0;
  check('web build', built);
  // Prints the brotli sizes on the wire per screen and its own "bundle budget: N passed, N failed" line.
  check('bundle budget', built && run(process.execPath, ['scripts/bundle-budget.mjs']));
  vitest('browser', ['--config', 'e2e/vitest.config.ts'], { CHROMIUM_PATH: chromium, TEST_DATABASE_URL: '' });
} else {
  results.push({ name: 'browser', passed: 0, failed: 1 });
  console.log('\nbrowser: 0 passed, 1 failed\n');
}

console.log('\nSummary');
for (const r of results) console.log(`${r.name}: ${r.passed} passed, ${r.failed} failed`);
const total = results.reduce((a, r) => ({ passed: a.passed + r.passed, failed: a.failed + r.failed }), { passed: 0, failed: 0 });
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(total.failed ? 1 : 0);
