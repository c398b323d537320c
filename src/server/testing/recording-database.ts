import type { Database, Row } from '../db/database'

/** A database that keeps every statement it ran and every row it returned, for tests. */
export function recordingDatabase(db: Database): Database & { statements: string[]; rows: Row[] } {
  const statements: string[] = []
  const rows: Row[] = []
  return {
    engine: db.engine,
    statements,
    rows,
    query: async (sql, params) => {
      statements.push(sql)
      const result = await db.query(sql, params)
      rows.push(...result)
      return result
    },
    close: () => db.close(),
  }
}
