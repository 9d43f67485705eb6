/**
 * A LIKE / ILIKE pattern that finds `text` anywhere in a value. PostgreSQL's default escape
 * character is the backslash, so escaping it, `%` and `_` makes what a person typed match only
 * itself: "50%" finds "50%" and not every value containing "50".
 */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;
