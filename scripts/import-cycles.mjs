// Import cycles: none anywhere in the server, the web app or the packages (docs/architecture.md).
// A cycle ties every file on it into one unit that loads in an order nobody chose. dpdm parses
// with TypeScript; type-only imports are left out (they vanish when compiled).
import { parseCircular, parseDependencyTree, prettyCircular } from 'dpdm';

export const SOURCES = ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'];

/**
 * The cycles among the files `patterns` match, each as its list of files (relative to `cwd`);
 * `tsconfig` resolves the ESM `./x.js` paths to their `.ts` files.
 */
export async function importCycles(patterns, cwd, tsconfig = 'tsconfig.base.json') {
  const tree = await parseDependencyTree(patterns, {
    cwd,
    context: cwd,
    tsconfig,
    transform: true,
    skipDynamicImports: false,
    exclude: /node_modules|\.test\.tsx?$|test-factories\.ts$|\/test\//,
  });
  return parseCircular(tree);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const cwd = new URL('..', import.meta.url).pathname;
  const cycles = await importCycles(SOURCES, cwd);
  if (cycles.length) {
    console.error(`import cycles: ${cycles.length} found\n${prettyCircular(cycles)}`);
    process.exit(1);
  }
  console.log('import cycles: none');
}
