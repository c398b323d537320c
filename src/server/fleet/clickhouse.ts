/** A value bound to a `{name:Type}` placeholder; 64-bit integers as bigint. */
export type ClickHouseParam =
  string | number | bigint | boolean | null | readonly (string | number | bigint | null)[]

export type ClickHouseRow = Record<string, unknown>

/**
 * The one way this project talks to ClickHouse, embedded (`chdb`) or over HTTP
 * (`@clickhouse/client`): the same SQL with server-side bound parameters, rows as JSON objects
 * (64-bit integers written as text), inserts as JSON rows.
 */
export interface ClickHouse {
  readonly target: string
  query(sql: string, params?: Record<string, ClickHouseParam>): Promise<ClickHouseRow[]>
  command(sql: string, params?: Record<string, ClickHouseParam>): Promise<void>
  /** Rows as JSON objects: numbers (within 2^53), texts and nulls. */
  insert(table: string, rows: readonly ClickHouseRow[]): Promise<void>
  close(): Promise<void>
}

/**
 * Every query's settings, on both targets: 64-bit integers as JSON strings; `FINAL` merges
 * within a partition only, so a settled month of one part is read without merging.
 */
const QUERY_SETTINGS = {
  output_format_json_quote_64bit_integers: 1,
  do_not_merge_across_partitions_select_final: 1,
} as const

/**
 * Rows as one column list and each row's values in its order (JSONCompactEachRow): less text to
 * write and to parse than an object a row. Every row must have the first row's columns.
 */
function compactRows(rows: readonly ClickHouseRow[]) {
  const columns = Object.keys(rows[0] ?? {})
  const values = rows.map((row) => {
    if (Object.keys(row).length !== columns.length) {
      throw new Error(`a row's columns differ from the first row's: ${columns.join(', ')}`)
    }
    return columns.map((column) => {
      if (!(column in row)) throw new Error(`a row without the column ${column}`)
      return row[column]
    })
  })
  return { columns, values }
}

const parseLines = (text: string): ClickHouseRow[] =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as ClickHouseRow)

/**
 * Opens `target`: `chdb:<folder>` for the embedded engine keeping its tables in that folder
 * (one per process), `http://…` or `https://…` for a ClickHouse server (user and password in
 * the URL, the database as its path). Drivers are imported here, not at start.
 */
export async function openClickHouse(target: string): Promise<ClickHouse> {
  if (target.startsWith('chdb:')) return openEmbedded(target, target.slice('chdb:'.length))
  if (/^https?:\/\//.test(target)) return openHttp(target)
  throw new Error(
    `"${target}" is no ClickHouse target: give chdb:<folder> (embedded) or http(s)://host:8123/<database>.`,
  )
}

async function openEmbedded(target: string, folder: string): Promise<ClickHouse> {
  if (folder === '') throw new Error('chdb: needs a folder, e.g. chdb:.fleet')
  const { Session } = await import('chdb')
  const session = new Session(folder)
  const settings = Object.entries(QUERY_SETTINGS)
    .map(([name, value]) => `${name} = ${value}`)
    .join(', ')
  const withSettings = (sql: string) => `${sql}\nSETTINGS ${settings}`
  return {
    target,
    async query(sql, params = {}) {
      const result = await session.queryBindAsync(withSettings(sql), params, {
        format: 'JSONEachRow',
      })
      return parseLines(result.text())
    },
    async command(sql, params = {}) {
      await session.queryBindAsync(sql, params, { format: 'Null' })
    },
    async insert(table, rows) {
      if (rows.length === 0) return
      const { columns, values } = compactRows(rows)
      const text = values.map((row) => JSON.stringify(row)).join('\n')
      await session.insert({
        table,
        columns,
        values: Buffer.from(text),
        format: 'JSONCompactEachRow',
      })
    },
    close() {
      session.close()
      return Promise.resolve()
    },
  }
}

async function openHttp(target: string): Promise<ClickHouse> {
  const { createClient } = await import('@clickhouse/client')
  const url = new URL(target)
  const database = url.pathname.replace(/^\/+/, '') || 'default'
  const client = createClient({
    url: `${url.protocol}//${url.host}`,
    username: decodeURIComponent(url.username) || 'default',
    password: decodeURIComponent(url.password),
    database,
    clickhouse_settings: QUERY_SETTINGS,
  })
  return {
    target: `${url.protocol}//${url.host}/${database}`,
    async query(sql, params = {}) {
      const result = await client.query({ query: sql, query_params: params, format: 'JSONEachRow' })
      return result.json<ClickHouseRow>()
    },
    async command(sql, params = {}) {
      await client.command({ query: sql, query_params: params })
    },
    async insert(table, rows) {
      if (rows.length === 0) return
      const { columns, values } = compactRows(rows)
      const [first, ...rest] = columns
      if (first === undefined) return
      await client.insert({
        table,
        columns: [first, ...rest],
        values,
        format: 'JSONCompactEachRow',
      })
    },
    close: () => client.close(),
  }
}
