// No dead pointers (docs/decisions/0616): code, tests, scripts and docs cite what a reader can open.
// The specification and the issue tracker are not in the repository, so "spec NNN" and "issue N"
// may not be cited; a rule is pointed to in docs/rules/ or docs/decisions/, and every `docs/...`
// path cited exists, with its #section.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

// docs/ too, but not the decision records: they are dated and say which issue they answer.
export const ROOTS = ['apps', 'packages', 'e2e', 'scripts', 'docs'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'build', 'coverage', '.tmp', '__snapshots__']);
const SKIP_PATHS = new Set(['docs/decisions']);
const EXTENSIONS = /\.(?:[cm]?[jt]sx?|sql|sh|json|ya?ml|md|html|css)$/;
const SELF = /(?:^|\/)scripts\/dead-pointers(?:\.test)?\.[mt]?[jt]s$/;

const FORBIDDEN = /\bspec\s+\d{3}\b|\bissue\s+#?\d+|\bissue\s*#\d+/i;
// `docs/decisions/0410`, `docs/rules/shell.md#shell`: the path (trailing dots cut) and any anchor.
const DOCS_PATH = /(?<![\w/.-])(docs\/[\w./-]*[\w-])(?:#([\w-]+))?/g;

function* files(root, dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (SKIP_DIRS.has(name) || SKIP_PATHS.has(relative(root, path))) continue;
    if (statSync(path).isDirectory()) yield* files(root, path);
    else if (EXTENSIONS.test(name)) yield path;
  }
}

/** `docs/decisions/0410` stands for the record `docs/decisions/0410-<slug>.md`. */
function docExists(root, cited) {
  if (existsSync(join(root, cited))) return true;
  const decision = /^docs\/decisions\/(\d{4})$/.exec(cited);
  if (!decision) return false;
  const dir = join(root, 'docs/decisions');
  return existsSync(dir) && readdirSync(dir).some((name) => name.startsWith(`${decision[1]}-`));
}

/** The anchors of a markdown file's headings, as GitHub makes them. */
function anchors(path) {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => /^#{1,6} /.test(line))
    .map((line) =>
      line
        .replace(/^#+ /, '')
        .trim()
        .toLowerCase()
        .replace(/[^\w\s-]/g, '')
        .replace(/\s/g, '-'),
    );
}

/** Every dead pointer under `roots` of `root`, as `file:line: why`. */
export function deadPointers(root, roots = ROOTS) {
  const found = [];
  for (const top of roots) {
    if (!existsSync(join(root, top))) continue;
    for (const path of files(root, join(root, top))) {
      const file = relative(root, path);
      if (SELF.test(file)) continue;
      readFileSync(path, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const where = `${file}:${i + 1}`;
          // A decision record's header (`Relates: issue N`) is its metadata, in fixtures too.
          const cited = !line.includes('Relates:') && FORBIDDEN.exec(line);
          if (cited) found.push(`${where}: cites "${cited[0]}", which is not in the repository`);
          for (const [, docs, anchor] of line.matchAll(DOCS_PATH)) {
            // A decision range (`docs/decisions/0420-0423`) is checked by its first number.
            const path = docs.replace(/^(docs\/decisions\/\d{4})-\d{4}$/, '$1');
            if (!docExists(root, path)) found.push(`${where}: ${docs} does not exist`);
            else if (anchor && path.endsWith('.md') && !anchors(join(root, path)).includes(anchor)) found.push(`${where}: ${docs} has no section #${anchor}`);
          }
        });
    }
  }
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = deadPointers(new URL('..', import.meta.url).pathname);
  if (found.length) {
    console.error(`dead pointers: ${found.length} found\n${found.join('\n')}`);
    process.exit(1);
  }
  console.log('dead pointers: none');
}
