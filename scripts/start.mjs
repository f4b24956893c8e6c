// `npm start`: builds the web app when its sources are newer than the last build, then runs the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const builtIndex = join(root, 'apps/web/dist/index.html');

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'apps/web/vite.config.ts', 'packages/contract/src', 'packages/i18n/src'];
const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
if (sources.some((s) => newest(join(root, s)) > builtAt)) {
  console.log('Building the web app…');
  const build = spawnSync(join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], { cwd: join(root, 'apps/web'), stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// `npm start` on the embedded database is the demo: it asks for it explicitly (DEMO=true), which
// the server allows on a loopback HOST only (docs/decisions/0150). DEMO=false starts empty.
const env = { ...process.env };
if (env.DEMO === undefined && !env.DATABASE_URL) env.DEMO = 'true';

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], { stdio: 'inherit', cwd: root, env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
