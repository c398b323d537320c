/**
 * SQLite is read in worker threads, each given the next statement when it has none in hand,
 * so a slow read never holds up a quick one; they follow the file when it is emptied, copied
 * back or replaced (as a restore does), and report it unavailable (503) meanwhile.
 */
import { copyFileSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { DatabaseUnavailableError } from './database'
import { DatabaseBusyError } from './connection-limit'
import { openDatabase } from './open-database'
import { openSqlite, readerThreads, SQLITE_READERS } from './sqlite'

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

  it('start spare readers only while every reader is busy, and stop them when idle', async () => {
    const db = openSqlite(path, { write: false, busyTimeoutMs: 1000, readers: 3, spareIdleMs: 50 })
    try {
      for (let i = 0; i < 3; i++) await db.query('SELECT 1 AS one')
      expect(readerThreads(db)).toBe(1)
      const slow = [db.query(SLOW), db.query(SLOW)]
      expect(readerThreads(db)).toBe(2)
      await db.query('SELECT 1 AS one')
      expect(readerThreads(db)).toBe(3)
      await Promise.all(slow)
      await expect.poll(() => readerThreads(db), { timeout: 5000 }).toBe(1)
      expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }])
    } finally {
      await db.close()
    }
  })
})

/** A database file at `file` with `n` rows in its table. */
function writeFile(file: string, n: number): void {
  const db = new BetterSqlite3(file)
  db.exec('CREATE TABLE t (n INTEGER)')
  db.prepare('INSERT INTO t SELECT value FROM json_each(?)').run(
    JSON.stringify(Array.from({ length: n }, (_, i) => i)),
  )
  db.close()
}

describe('the SQLite readers behind the connection limit', () => {
  it('refuse a statement that finds every reader busy past --connection-wait', async () => {
    const db = openDatabase(`sqlite:${path}`, { write: false, connectionWaitMs: 100 })
    try {
      const slow = Array.from({ length: SQLITE_READERS }, () => db.query(SLOW))
      // Without the limit it would wait in a reader's queue until a slow one ended.
      await expect(db.query('SELECT 1 AS one')).rejects.toBeInstanceOf(DatabaseBusyError)
      await Promise.all(slow)
      expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }])
    } finally {
      await db.close()
    }
  })
})

describe('the SQLite readers, when the file changes under them', () => {
  const count = async (db: ReturnType<typeof openSqlite>) =>
    (await db.query('SELECT COUNT(*) AS n FROM t'))[0]?.n

  it('read the data again once an emptied file is copied back', async () => {
    const file = join(dir, 'emptied.db')
    writeFile(file, 2)
    copyFileSync(file, `${file}.backup`)
    const db = openSqlite(file, { write: false, busyTimeoutMs: 1000, readers: 1 })
    try {
      expect(await count(db)).toBe(2)
      writeFileSync(file, '')
      await expect(count(db)).rejects.toBeInstanceOf(DatabaseUnavailableError)
      copyFileSync(`${file}.backup`, file)
      expect(await count(db)).toBe(2)
    } finally {
      await db.close()
    }
  })

  it('read the new file once another is put in its place', async () => {
    const file = join(dir, 'replaced.db')
    writeFile(file, 2)
    writeFile(`${file}.restored`, 5)
    const db = openSqlite(file, { write: false, busyTimeoutMs: 1000, readers: 2 })
    try {
      expect(await count(db)).toBe(2)
      renameSync(`${file}.restored`, file)
      expect(await Promise.all([count(db), count(db), count(db)])).toEqual([5, 5, 5])
    } finally {
      await db.close()
    }
  })

  it('report a deleted file as unavailable, and read it once it is back', async () => {
    const file = join(dir, 'deleted.db')
    writeFile(file, 3)
    const db = openSqlite(file, { write: false, busyTimeoutMs: 1000, readers: 1 })
    try {
      expect(await count(db)).toBe(3)
      renameSync(file, `${file}.away`)
      await expect(count(db)).rejects.toBeInstanceOf(DatabaseUnavailableError)
      renameSync(`${file}.away`, file)
      expect(await count(db)).toBe(3)
    } finally {
      await db.close()
    }
  })
})
