import { CamelCasePlugin, DummyDriver, Kysely, NoResultError, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * The SQL a query function sends, compiled as the server compiles it (PostgreSQL, the
 * CamelCasePlugin of db/database.ts), without a database: every statement answers no rows.
 * Each statement is followed by its parameters, so a snapshot file shows what runs.
 * Used by the SQL snapshot tests; update them with `npx vitest run <file> -u`.
 */
export async function compiledSql(run: (db: Db) => Promise<unknown>): Promise<string> {
  const statements: string[] = [];
  const db: Db = new Kysely({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    plugins: [new CamelCasePlugin()],
    log: (event) => {
      if (event.level === 'query') statements.push(`${tidy(event.query.sql)};\n-- parameters: ${JSON.stringify(event.query.parameters)}`);
    },
  });
  try {
    await run(db);
  } catch (error) {
    // executeTakeFirstOrThrow on an empty answer: the statement was still compiled and logged.
    if (!(error instanceof NoResultError)) throw error;
  }
  await db.destroy();
  return `${statements.join('\n\n')}\n`;
}

/** Template SQL keeps its source indentation: drop blank lines, trailing spaces and the common indent. */
function tidy(text: string) {
  const lines = text
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() !== '');
  const indent = Math.min(...lines.slice(1).map((l) => l.length - l.trimStart().length));
  return lines.map((l, i) => (i === 0 ? l.trimStart() : l.slice(Number.isFinite(indent) ? indent : 0))).join('\n');
}
