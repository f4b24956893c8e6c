// `npm run typecheck` and the typecheck step of `npm test`: tsc on every project that is not
// reached through another (the packages are checked through the apps that import them).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const tsc = join(root, 'node_modules/.bin/tsc');
const projects = [['apps/server', '--noEmit'], ['apps/web', '--noEmit'], ['e2e', '--noEmit'], ['scripts']];

let failed = 0;
for (const [project, ...flags] of projects) {
  const ok = spawnSync(tsc, ['-p', project, ...flags], { cwd: root, stdio: 'inherit' }).status === 0;
  if (!ok) {
    failed++;
    console.error(`typecheck: ${project} failed`);
  }
}
process.exit(failed ? 1 : 0);
