// @ts-check
/**
 * SQL functions the server's SQLite statements use, registered on every connection (the readers
 * in their worker threads and the seeder's). SQLite's own `replace()` stops at U+0000.
 */

/**
 * `rd_text(x)`: text with every U+0000 replaced by U+FFFD, as the server reads names on every
 * engine (PostgreSQL can hold no U+0000); anything else as it is.
 * @param {import('better-sqlite3').Database} db
 */
export function registerFunctions(db) {
  db.function('rd_text', { deterministic: true }, (value) =>
    typeof value === 'string' ? value.replaceAll('\u0000', '\uFFFD') : value,
  )
}
