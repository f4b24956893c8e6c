/**
 * What a log may say about an error (docs/decisions/0152). A database error's message and
 * detail quote the values it refused ("invalid input syntax for type uuid: "…"", "Failing row
 * contains (…, $argon2id$…)"), and PGlite attaches the query's parameters: so for a database
 * error only the facts that name no value are kept — the SQLSTATE code, the constraint, the
 * table and column, the routine and the operation (the SQL verb and table, never the text).
 */

/** A PostgreSQL (node-postgres or PGlite) error: a five-character SQLSTATE and a severity. */
export function isDatabaseError(error: unknown): error is DatabaseErrorLike {
  const e = error as DatabaseErrorLike | null;
  return !!e && typeof e === 'object' && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && ('severity' in e || 'routine' in e);
}

interface DatabaseErrorLike {
  code: string;
  severity?: string;
  constraint?: string;
  table?: string;
  column?: string;
  dataType?: string;
  schema?: string;
  routine?: string;
  query?: string;
}

const WRITE = /^\s*(insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)/i;
const READ = /^\s*(select|with)\b[\s\S]*?\bfrom\s+"?([a-z_][a-z0-9_]*)/i;

/** `insert into users`, `select sessions`…: the verb and first table of a query, never its values. */
export function operationOf(query: string | undefined): string | undefined {
  if (!query) return undefined;
  const write = WRITE.exec(query);
  if (write) return `${write[1]!.toLowerCase().replace(/\s+/g, ' ')} ${write[2]}`;
  const read = READ.exec(query);
  if (read) return `${read[1]!.toLowerCase()} ${read[2]}`;
  return (
    query
      .trim()
      .split(/\s+/, 1)[0]
      ?.toLowerCase()
      .replace(/[^a-z]/g, '') || undefined
  );
}

interface Facts {
  [key: string]: string | number | boolean | Facts;
}

/** The loggable facts of any thrown value (pino's `err` and `error` serializer). */
export function errorFacts(error: unknown, depth = 0): Facts {
  if (!error || typeof error !== 'object') return { type: typeof error };
  const e = error as Error & { code?: unknown; statusCode?: unknown; responseCode?: unknown; cause?: unknown };
  const facts: Facts = { type: e.name || e.constructor?.name || 'Error' };
  if (isDatabaseError(e)) {
    facts.code = e.code;
    for (const key of ['severity', 'constraint', 'schema', 'table', 'column', 'dataType', 'routine'] as const) {
      const value = e[key];
      if (typeof value === 'string' && value) facts[key] = value;
    }
    const operation = operationOf(e.query);
    if (operation) facts.operation = operation;
    return facts;
  }
  if (typeof e.code === 'string' || typeof e.code === 'number') facts.code = String(e.code);
  if (typeof e.statusCode === 'number') facts.statusCode = e.statusCode;
  if (typeof e.responseCode === 'number') facts.responseCode = e.responseCode;
  // Other errors are the program's own (a TypeError, a failed assertion): their message and
  // stack say where, and carry no row. Their cause may be a database error: the same rules.
  if (typeof e.message === 'string') facts.message = e.message.slice(0, 300);
  if (typeof e.stack === 'string') facts.stack = e.stack.split('\n').slice(0, 12).join('\n');
  if (e.cause !== undefined && depth < 2) facts.cause = errorFacts(e.cause, depth + 1);
  return facts;
}

/** A one-line description for the jobs table's `last_error`: no values from a database error. */
export function errorSummary(error: unknown): string {
  const facts = errorFacts(error);
  if (isDatabaseError(error))
    return Object.entries(facts)
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(' ');
  return String((error as Error)?.message ?? error).slice(0, 500);
}
