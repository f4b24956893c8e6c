// Each screen loads exactly the catalog namespaces its code uses ("only the user's language
// and the namespaces of the screens in use load"). This test reads the code of every route's screen
// and of the shell, and fails naming the route, the file and the namespace when the route's
// `namespaces` (app/area-route.ts) miss one its code uses, or list one it does not use.
//
// The graph of an entry (a route's screen module, the shell, a lazy part): its file, then every
// relative `import … from`, `export … from` and `import('…')` of files in apps/web/src, recursively
// (`import type` is skipped: no code). Two kinds of `import()` are not followed, being entries of
// their own: those in the route lists (app/router.tsx, app/area-route.ts, features/*/routes.tsx:
// each route is checked apart), and `lazyWithNamespaces(() => import('…'), [...])` (lib/i18n.ts),
// a part loaded with its own namespaces, whose list is read from the call.
//
// The namespaces a file uses (`ns` is one of packages/i18n's namespaces):
//   1. `useTranslation('ns')` or `useTranslation(['ns', …])`; `useTranslation()` is `common`.
//   2. A string or template literal that starts with `ns:` and a key: `t('ns:key')`,
//      `i18nKey="ns:key"`, key tables.
//   3. An `ns: 'ns'` (or `ns: ['ns', …]`) option.
//   4. An error area (lib/use-error-text.ts reads `<area>:errors.<CODE>`): `area="ns"` or
//      `area: 'ns'`, and the literal argument of `useErrorText`, `useFieldErrorText`,
//      `useSaveOutcome` (second argument).
// Anything these rules cannot read is reported, not guessed: a non-literal argument to
// `useTranslation` or an `ns` option, a non-literal error area other than a forwarded `area`
// parameter (its callers pass the literal, rule 4), and a key whose namespace is computed
// (`t(`${x}:key`)`), which only lib/use-error-text.ts builds, from the area of rule 4; the files
// allowed to do so are listed in `unreadableAllowed` with the reason.
// The first load's namespaces (lib/namespaces.ts) are loaded before any screen: using them is free.
import { namespaces as allNamespaces } from '@high5/i18n';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { adminRoutes } from '../features/admin/routes';
import { authRoutes, openRoutes, setupRoutes, signedOutRoutes } from '../features/auth/routes';
import { classroomRoutes } from '../features/classroom/routes';
import { recognitionRoutes } from '../features/recognition/routes';
import { firstLoadNamespaces } from '../lib/namespaces';
import { shellScreen, type LazyScreen } from './area-route';

const src = fileURLToPath(new URL('..', import.meta.url));
const repo = resolve(src, '../../..');
const rel = (file: string) => relative(src, file);
const routeLists = new Set(['app/router.tsx', 'app/area-route.ts', ...['admin', 'auth', 'classroom', 'recognition'].map((a) => `features/${a}/routes.tsx`)]);
// The two places that pass a namespace the rules cannot read, each covered otherwise.
const unreadableAllowed: Record<string, string> = {
  'lib/i18n.ts': "i18next's init lists the first load's namespaces (lib/namespaces.ts)",
  'lib/use-error-text.ts': 'builds `${area}:errors.<CODE>` from the area its callers pass (rule 4)',
};
const known = new Set<string>(allNamespaces);
const keyPattern = new RegExp(`^(${allNamespaces.join('|')}):[A-Za-z_$]`);

interface Use {
  ns: string;
  file: string;
  line: number;
  how: string;
}
interface Part {
  name: string;
  file: string;
  namespaces: readonly string[];
}
interface Facts {
  imports: string[];
  parts: Part[];
  uses: Use[];
  problems: string[];
}

/** A relative specifier's .ts/.tsx file in apps/web/src; undefined for packages and assets. */
function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((f) => existsSync(f) && statSync(f).isFile());
  return found && /\.tsx?$/.test(found) ? found : undefined;
}

const literal = (node: ts.Node | undefined) => (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined);
/** A string literal or an array of them; undefined when not readable statically. */
function literals(node: ts.Node | undefined): string[] | undefined {
  if (node && (ts.isJsxExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node)))
    return literals(node.expression);
  const one = literal(node);
  if (one !== undefined) return [one];
  if (node && ts.isArrayLiteralExpression(node)) {
    const all = node.elements.map(literal);
    return all.every((s) => s !== undefined) ? (all as string[]) : undefined;
  }
  return undefined;
}
const calleeName = (call: ts.CallExpression) => (ts.isIdentifier(call.expression) ? call.expression.text : undefined);
const isDynamicImport = (node: ts.Node): node is ts.CallExpression => ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword;
function firstDynamicImport(node: ts.Node): string | undefined {
  if (isDynamicImport(node)) return literal(node.arguments[0]);
  return ts.forEachChild(node, firstDynamicImport);
}

/** The first argument of `t(…)`, `i18n.t(…)` or `exists(…)`: a catalog key. */
function isKeyArgument(node: ts.Node) {
  const call = node.parent;
  if (!call || !ts.isCallExpression(call) || call.arguments[0] !== node) return false;
  const callee = ts.isPropertyAccessExpression(call.expression) ? call.expression.name.text : ts.isIdentifier(call.expression) ? call.expression.text : '';
  return callee === 't' || callee === 'exists';
}

const factsCache = new Map<string, Facts>();
function factsOf(file: string): Facts {
  const cached = factsCache.get(file);
  if (cached) return cached;
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const facts: Facts = { imports: [], parts: [], uses: [], problems: [] };
  const where = (node: ts.Node) => `${rel(file)}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`;
  const unreadable = (node: ts.Node, what: string) => {
    if (!(rel(file) in unreadableAllowed)) facts.problems.push(`${where(node)}: ${what}, which this test cannot read: ${node.getText(sf)}`);
  };
  const record = (node: ts.Node, names: readonly string[] | undefined, how: string) => {
    if (!names) return unreadable(node, `${how} is not a literal`);
    for (const ns of names) {
      if (known.has(ns)) facts.uses.push({ ns, file: rel(file), line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, how });
      else facts.problems.push(`${where(node)}: ${how} names '${ns}', which is no namespace`);
    }
  };
  const follow = (node: ts.Node, spec: string | undefined) => {
    if (spec === undefined) return facts.problems.push(`${where(node)}: an import whose module is not a literal`);
    const target = resolveImport(file, spec);
    if (target) facts.imports.push(target);
  };
  // An error area: a literal, or the `area` parameter forwarded from a caller that passes one.
  const area = (node: ts.Node, value: ts.Node | undefined, how: string) => {
    if (
      !value ||
      (ts.isIdentifier(value) && value.text === 'area') ||
      (ts.isJsxExpression(value) && value.expression && ts.isIdentifier(value.expression) && value.expression.text === 'area')
    )
      return;
    record(node, literals(value), how);
  };

  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      if (!node.importClause?.isTypeOnly) follow(node, literal(node.moduleSpecifier));
    } else if (ts.isExportDeclaration(node)) {
      if (!node.isTypeOnly && node.moduleSpecifier) follow(node, literal(node.moduleSpecifier));
    } else if (isDynamicImport(node)) {
      if (!routeLists.has(rel(file))) follow(node, literal(node.arguments[0]));
    } else if (ts.isCallExpression(node) && calleeName(node) === 'lazyWithNamespaces') {
      const spec = node.arguments[0] && firstDynamicImport(node.arguments[0]);
      const target = spec && resolveImport(file, spec);
      const names = literals(node.arguments[1]);
      if (!target || !names) facts.problems.push(`${where(node)}: lazyWithNamespaces needs \`() => import('./relative')\` and an array of namespace literals`);
      else facts.parts.push({ name: `lazy part ${rel(target)} (${where(node)})`, file: target, namespaces: names });
      return; // its import is an entry of its own
    } else if (ts.isCallExpression(node)) {
      const name = calleeName(node);
      if (name === 'useTranslation') record(node, node.arguments.length === 0 ? ['common'] : literals(node.arguments[0]), 'useTranslation');
      if (name === 'useErrorText' || name === 'useFieldErrorText') area(node, node.arguments[0], name);
      if (name === 'useSaveOutcome') area(node, node.arguments[1], name);
    } else if (ts.isJsxAttribute(node) && node.name.getText(sf) === 'area') {
      area(node, node.initializer, 'area="…"');
    } else if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && (node.name.text === 'area' || node.name.text === 'ns')) {
      if (node.name.text === 'ns') record(node, literals(node.initializer), 'an ns option');
      else area(node, node.initializer, 'area: …');
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node)) {
      const match = keyPattern.exec(node.text);
      if (match) record(node, [match[1]!], `the key '${node.text}'`);
    } else if (ts.isTemplateExpression(node) && node.head.text === '' && node.templateSpans[0]?.literal.text.startsWith(':') && isKeyArgument(node)) {
      unreadable(node, 'a key whose namespace is computed');
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  factsCache.set(file, facts);
  return facts;
}

/** Everything an entry's graph uses, and the lazy parts it reaches (entries of their own). */
function walk(entry: string) {
  const seen = new Set<string>();
  const uses: Use[] = [];
  const parts: Part[] = [];
  const problems: string[] = [];
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const facts = factsOf(file);
    uses.push(...facts.uses);
    parts.push(...facts.parts);
    problems.push(...facts.problems);
    queue.push(...facts.imports);
  }
  return { files: seen, uses, parts, problems };
}

/** The module a route's `load` imports, as vitest compiled it (`__vite_ssr_dynamic_import__("/apps/web/src/…")`). */
function moduleOf(screen: LazyScreen, name: string): string {
  const spec = /["'](\/apps\/web\/src\/[^"']+\.tsx?)["']/.exec(screen.load.toString())?.[1];
  if (!spec) throw new Error(`${name}: cannot read the module its load() imports from ${screen.load.toString()}`);
  return join(repo, spec);
}

const entries: Part[] = [
  { name: 'the first load (main.tsx: the sign-in page and the guards)', file: join(src, 'main.tsx'), namespaces: [] },
  { name: 'the shell (app/area-route.ts shellScreen)', file: moduleOf(shellScreen, 'the shell'), namespaces: shellScreen.namespaces },
  ...[...signedOutRoutes, ...openRoutes, ...setupRoutes, ...authRoutes, ...recognitionRoutes, ...classroomRoutes, ...adminRoutes].map((r) => ({
    name: `route ${r.path}`,
    file: moduleOf(r, r.path),
    namespaces: r.namespaces,
  })),
];
// The lazy parts reached from any entry (and from other parts) are checked the same way.
for (let i = 0; i < entries.length; i++) {
  for (const part of walk(entries[i]!.file).parts) if (!entries.some((e) => e.file === part.file && e.name === part.name)) entries.push(part);
}

/** The route's namespaces against its code's: every miss and every extra, each with where it is used. */
function mismatches(entry: Part) {
  const graph = walk(entry.file);
  const free = new Set<string>(firstLoadNamespaces);
  const declared = new Set(entry.namespaces);
  const used = new Map<string, Use[]>();
  for (const u of graph.uses) if (!free.has(u.ns)) used.set(u.ns, [...(used.get(u.ns) ?? []), u]);
  const errors = [...graph.problems];
  for (const [ns, where] of used)
    if (!declared.has(ns))
      errors.push(
        `${entry.name} does not declare '${ns}', used in ${where
          .slice(0, 3)
          .map((u) => `${u.file}:${u.line} (${u.how})`)
          .join(', ')}${where.length > 3 ? ` and ${where.length - 3} more` : ''}`,
      );
  for (const ns of declared)
    if (free.has(ns) || !used.has(ns)) errors.push(`${entry.name} declares '${ns}', which ${free.has(ns) ? 'the first load has' : 'its code does not use'}`);
  return { errors, files: graph.files.size };
}

describe('each route loads exactly the namespaces its code uses', () => {
  it.each(entries.map((e) => [e.name, e] as const))('%s', (_name, entry) => {
    const { errors, files } = mismatches(entry);
    expect(files).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  it('checks every screen the route lists load: none is left out of this test', () => {
    const listed = [...routeLists].flatMap((list) => {
      const file = join(src, list);
      const found: string[] = [];
      // A route's `prefetch` imports data code, not a screen.
      const inPrefetch = (node: ts.Node): boolean =>
        !!node.parent && ((ts.isPropertyAssignment(node.parent) && node.parent.name.getText() === 'prefetch') || inPrefetch(node.parent));
      const visit = (node: ts.Node): void => {
        const spec = isDynamicImport(node) && !inPrefetch(node) ? literal(node.arguments[0]) : undefined;
        const target = spec && resolveImport(file, spec);
        if (target) found.push(rel(target));
        ts.forEachChild(node, visit);
      };
      visit(ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX));
      return found;
    });
    const checked = new Set(entries.map((e) => rel(e.file)));
    expect(listed.filter((f) => !checked.has(f))).toEqual([]);
    expect(listed.length).toBeGreaterThan(30);
  });

  it('reads the keys of a screen: a missing namespace is named with its file', () => {
    const dashboard = entries.find((e) => e.name === 'route /dashboard')!;
    const { errors } = mismatches({ ...dashboard, namespaces: [] });
    expect(errors.join('\n')).toMatch(/route \/dashboard does not declare 'recognition', used in features\/recognition\/dashboard\//);
  });
});
