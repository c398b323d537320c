/** The SQL engines the server reads; each has its own driver and its own SQL where they differ. */
export type Engine = 'sqlite' | 'postgres' | 'mysql'

/** A value bound to a `?` placeholder; never interpolated into SQL text. */
export type SqlValue = string | number | null

export type Row = Record<string, unknown>

/** How a statement is run. */
export interface QueryOptions {
  /**
   * A read of many rows (steps of runs, the summary view's groups): it never takes the last free
   * connection, which stays for the quick questions a page asks first (`/meta`, `/tools`).
   */
  bulk?: boolean
}

/** One open database: statements with `?` placeholders, bound parameters, rows as objects. */
export interface Database {
  readonly engine: Engine
  /** Runs one statement; the API server's connections are read-only. */
  query(sql: string, params?: readonly SqlValue[], options?: QueryOptions): Promise<Row[]>
  close(): Promise<void>
}

/** A database that cannot be reached or answers too slowly: the API answers 503. */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError'
}

/** A column value as a number (drivers give BIGINT and DECIMAL as strings); NaN when it is none. */
export function num(value: unknown): number {
  if (typeof value === 'number') return value
  if (typeof value === 'bigint') return Number(value)
  if (typeof value === 'string' && value.trim() !== '') return Number(value)
  return Number.NaN
}

/** A column value as text, or null for NULL (MySQL may give a Buffer for binary results). */
export function text(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return value
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8')
  return String(value)
}
