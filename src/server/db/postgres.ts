import type pg from 'pg'
import { DatabaseUnavailableError, type Database, type Row, type SqlValue } from './database'
import { messageOf } from '@/domain/message-of'

/**
 * `pg_temp.rd_jsonb(text)`: the text as jsonb, or NULL when it is not JSON. PostgreSQL 15 has no
 * `IS JSON` test and a failed `::jsonb` cast fails the whole statement, so one damaged payload
 * would fail every answer that reads it. jsonb cannot hold U+0000, which the CMS writes as
 * `\u0000` in a tool result kept at the `redacted` or `full` level: when the cast fails on one,
 * each such escape (not an escaped backslash before `u0000`) becomes `\ufffd` and the cast is
 * tried again, so the step is read as on the other engines (which read U+0000 as U+FFFD too:
 * `parseJsonText`). The function lives in the session's own temporary schema (nothing is
 * written to the CMS's tables) and is created once per connection, before the session is made
 * read-only.
 */
const SAFE_JSON = `CREATE OR REPLACE FUNCTION pg_temp.rd_jsonb(t text) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE fixed text;
BEGIN
  RETURN t::jsonb;
EXCEPTION WHEN others THEN
  IF strpos(t, '\\u0000') = 0 THEN RETURN NULL; END IF;
  LOOP
    fixed := regexp_replace(t, '(^|[^\\\\])((\\\\\\\\)*)\\\\u0000', '\\1\\2\\\\ufffd', 'g');
    EXIT WHEN fixed = t;
    t := fixed;
  END LOOP;
  BEGIN
    RETURN t::jsonb;
  EXCEPTION WHEN others THEN RETURN NULL;
  END;
END $$`

/** `?` placeholders as PostgreSQL's `$1, $2, …` (the server's SQL has no `?` inside literals). */
export function numberPlaceholders(sql: string): string {
  let n = 0
  return sql.replace(/\?/g, () => `$${++n}`)
}

/** PostgreSQL through a `pg` pool; `write: false` makes every session read-only. */
export function openPostgres(
  url: string,
  options: { write: boolean; statementTimeoutMs: number; connections: number },
): Database {
  // The driver is imported on first use: a server on another engine never loads it (decision 0023).
  const pool = import('pg').then(({ default: driver }) => {
    const made = new driver.Pool({
      connectionString: url,
      max: options.connections,
      connectionTimeoutMillis: 5000,
      statement_timeout: options.statementTimeoutMs,
    })
    // A connection that drops while idle must not crash the server; the next query reconnects.
    made.on('error', () => undefined)
    made.on('connect', (client) => {
      client.on('error', () => undefined)
    })
    return made
  })
  // Marked as handled: a failed import is reported by the first query that awaits it.
  pool.catch(() => undefined)
  let prepared = new WeakSet<pg.PoolClient>()
  const prepare = async (client: pg.PoolClient): Promise<void> => {
    if (prepared.has(client)) return
    await client.query(SAFE_JSON)
    // On tables never analysed the planner's estimates pass jit_above_cost, and compiling each
    // statement took 0.2-2 s of a read that runs in tens of milliseconds (the view's first count
    // of ten million steps: minutes). Nothing the server asks is long enough to gain from it.
    await client.query('SET jit = off')
    if (!options.write) await client.query('SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY')
    prepared.add(client)
  }
  return {
    engine: 'postgres',
    query: async (sql: string, params: readonly SqlValue[] = []) => {
      let client: pg.PoolClient
      try {
        client = await (await pool).connect()
      } catch (error) {
        throw new DatabaseUnavailableError(
          `PostgreSQL did not accept a connection: ${messageOf(error)}`,
        )
      }
      let broken = false
      try {
        await prepare(client)
        const result = await client.query(numberPlaceholders(sql), [...params])
        return result.rows as Row[]
      } catch (error) {
        broken = isConnectionError(error)
        if (broken || isTimeout(error)) {
          throw new DatabaseUnavailableError(`PostgreSQL did not answer: ${messageOf(error)}`)
        }
        throw error
      } finally {
        client.release(broken)
      }
    },
    close: async () => {
      prepared = new WeakSet()
      await (await pool).end()
    },
  }
}

function isTimeout(error: unknown): boolean {
  // 57014: canceled by statement_timeout.
  return (error as { code?: unknown } | null)?.code === '57014'
}

function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return (
    typeof code === 'string' &&
    (code.startsWith('08') || code === '57P01' || code === 'ECONNREFUSED' || code === 'ECONNRESET')
  )
}
