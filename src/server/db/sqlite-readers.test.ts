/**
 * SQLite is read in worker threads, each given the next statement when it has none in hand,
 * so a slow read never holds up a quick one.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { openSqlite } from './sqlite'

const dir = mkdtempSync(join(tmpdir(), 'rd-readers-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const path = join(dir, 'x.db')
new BetterSqlite3(path).exec('CREATE TABLE t (n INTEGER)').close()

/** A read that takes a while: counting to some millions. */
const SLOW = `WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 3000000)
  SELECT COUNT(*) AS n FROM c`

/** The order in which a slow read and a quick one asked after it finish, with `readers`. */
async function finishingOrder(readers: number): Promise<string[]> {
  const db = openSqlite(path, { write: false, busyTimeoutMs: 1000, readers })
  try {
    const order: string[] = []
    const slow = db.query(SLOW).then(() => order.push('slow'))
    const quick = db.query('SELECT 1 AS one').then(() => order.push('quick'))
    await Promise.all([slow, quick])
    return order
  } finally {
    await db.close()
  }
}

describe('the SQLite readers', () => {
  it('answer a quick read while a slow one is in hand', async () => {
    expect(await finishingOrder(2)).toEqual(['quick', 'slow'])
  })

  it('keep to one reader, in order, when told to', async () => {
    expect(await finishingOrder(1)).toEqual(['slow', 'quick'])
  })
})
