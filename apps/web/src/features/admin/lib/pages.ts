/** Loads every page of a report: the server pages by cursor, the screen shows the whole list. */
export async function loadAllPages<T>(fetchPage: (cursor: string | undefined) => Promise<{ rows: T[]; nextCursor: string | null }>): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 1000; guard++) {
    const page = await fetchPage(cursor);
    rows.push(...page.rows);
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return rows;
}
