/** The ILIKE pattern of a search box: rows containing `text` anywhere, its `%`, `_` and `\` taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
