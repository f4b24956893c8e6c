// Bundle budgets (issues 11 and 24): the bytes on the wire of the page, JS and CSS the browser fetches
// for a screen, from the web build (apps/web/dist; run `vite build` in apps/web first). A file's bytes
// are its `.br` copy, what the server sends a browser (every browser asks for brotli over HTTPS and
// localhost), else the file itself (decision 0530).
// A screen's files are index.html, the static-import closure of its script, the screen's lazy chunk
// and the chunks it always loads at once (the user's language's catalogs), each file counted once.
// `node scripts/bundle-budget.mjs` prints every budget and exits 1 when one is exceeded;
// `--list` also prints the files behind each figure, largest first.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const dist = new URL('../apps/web/dist/', import.meta.url).pathname;
const KB = 1024;

// `loads` are manifest keys (source paths) or `catalog:<lang>-<namespace>`.
// A catalog chunk is named `i18n-<lang>-<namespace>-<hash>.js` by apps/web/vite.config.ts.
// `limit` fails the check (just above today's size); `goal` is the target for a Chromebook on school Wi-Fi (decision 0530), printed beside it.
// A screen behind sign-in counts everything a cold cache fetches for it, sign-in page included.
const catalogs = (...names) => names.map((ns) => `catalog:en-${ns}`);
const shell = ['index.html', 'src/app/shell-route.tsx'];
const budgets = [
  {
    name: 'sign-in',
    limit: 201 * KB,
    goal: 215 * KB,
    loads: ['index.html', ...catalogs('common', 'errors', 'auth')],
  },
  {
    // The namespaces the dashboard's route declares (features/recognition/routes.tsx; the shell
    // declares none): a student never loads the classroom, profile or admin catalogs here.
    name: 'student dashboard',
    limit: 264 * KB,
    goal: (215 + 70) * KB,
    loads: [
      ...shell,
      'src/features/recognition/dashboard/dashboard-screen.tsx',
      'src/features/recognition/dashboard/month-chart.tsx',
      ...catalogs('common', 'errors', 'auth', 'recognition'),
    ],
  },
  {
    name: "teacher's classes",
    limit: 391 * KB,
    goal: (215 + 70) * KB,
    loads: [
      ...shell,
      'src/features/classroom/teacher-classes/teacher-classes-screen.tsx',
      ...catalogs('common', 'errors', 'auth', 'classroom', 'recognition', 'profile'),
    ],
  },
  {
    name: 'seating chart',
    limit: 364 * KB,
    goal: (215 + 70) * KB,
    loads: [...shell, 'src/features/classroom/seating/seating-screen.tsx', ...catalogs('common', 'errors', 'auth', 'classroom', 'recognition', 'profile')],
  },
  {
    name: 'admin dashboard',
    limit: 483 * KB,
    goal: (215 + 70) * KB,
    loads: [
      ...shell,
      'src/features/admin/dashboard/admin-dashboard-screen.tsx',
      ...catalogs('common', 'errors', 'auth', 'admin', 'classroom', 'profile', 'recognition'),
    ],
  },
];

function readManifest() {
  try {
    return JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  } catch {
    throw new Error(`No build manifest in ${dist}.vite/: run \`npx vite build\` in apps/web first.`);
  }
}

/** Every file (JS and CSS) a set of manifest keys loads through static imports. */
function closure(manifest, keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (key.startsWith('catalog:')) key = Object.keys(manifest).find((k) => manifest[k].file.startsWith(`assets/i18n-${key.slice(8)}-`)) ?? key;
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build has no chunk for ${key}: update scripts/bundle-budget.mjs.`);
    // The page itself is sent too (its manifest entry names the script it loads).
    if (key === 'index.html') files.add('index.html');
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of keys) {
    visit(key);
  }
  return files;
}

/** What the server sends a browser that accepts brotli: the build's `.br` copy, else the file. */
function wireSize(file) {
  const br = join(dist, `${file}.br`);
  if (existsSync(br)) return statSync(br).size;
  if (/\.(js|css|html)$/.test(file) && statSync(join(dist, file)).size >= 1024)
    throw new Error(`${file} has no .br copy: the build's precompress step did not run.`);
  return statSync(join(dist, file)).size;
}

function main() {
  const manifest = readManifest();
  const list = process.argv.includes('--list');
  let passed = 0;
  let failed = 0;
  for (const budget of budgets) {
    const files = [...closure(manifest, budget.loads)];
    const sizes = files.map((file) => ({ file, size: wireSize(file) })).sort((a, b) => b.size - a.size);
    const total = sizes.reduce((sum, f) => sum + f.size, 0);
    const ok = total <= budget.limit;
    if (ok) passed++;
    else failed++;
    console.log(
      `${ok ? 'ok  ' : 'OVER'} ${budget.name}: ${(total / KB).toFixed(1)} KB brotli on the wire in ${files.length} files (budget ${budget.limit / KB} KB, goal ${budget.goal / KB} KB)`,
    );
    if (list || !ok) for (const f of sizes.slice(0, list ? sizes.length : 10)) console.log(`       ${(f.size / KB).toFixed(1).padStart(6)} KB  ${f.file}`);
  }
  console.log(`${passed} of ${passed + failed} budgets held`);
  process.exit(failed ? 1 : 0);
}

main();
