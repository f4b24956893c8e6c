/** `text` for a LIKE pattern, its `%`, `_` and `\` taken literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** The ILIKE pattern of a search box: rows containing `text` anywhere. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
