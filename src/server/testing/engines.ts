/**
 * The databases the server's tests run on. SQLite always (a temporary file). PostgreSQL and
 * MariaDB/MySQL at `RD_TEST_POSTGRES_URL` / `RD_TEST_MYSQL_URL` (defaults: this machine's
 * 127.0.0.1:5432 and :3306, database `test`): with `RD_TEST_ENGINES` set (CI sets
 * `sqlite,postgres,mysql`) every engine it names must answer or the run fails; without it the
 * servers that answer are used and the others left out, and one line says which were covered.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import mysql from 'mysql2/promise'
import pg from 'pg'
import type { Engine } from '../db/database'
import { messageOf } from '@/domain/message-of'

export const ENGINE_URLS = {
  postgres: process.env.RD_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  mysql: process.env.RD_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test',
} as const

const ALL: readonly Engine[] = ['sqlite', 'postgres', 'mysql']

/** The engines this run was told to cover (`RD_TEST_ENGINES`), or null to use what answers. */
function required(): Engine[] | null {
  const listed = process.env.RD_TEST_ENGINES
  if (listed === undefined || listed.trim() === '') return null
  const names = listed.split(',').map((name) => name.trim())
  const unknown = names.filter((name) => !ALL.includes(name as Engine))
  if (unknown.length > 0)
    throw new Error(`RD_TEST_ENGINES names unknown engines: ${unknown.join(', ')}`)
  return names as Engine[]
}

async function answers(engine: Engine): Promise<string | null> {
  try {
    if (engine === 'postgres') {
      const client = new pg.Client({
        connectionString: ENGINE_URLS.postgres,
        connectionTimeoutMillis: 3000,
      })
      await client.connect()
      await client.query('SELECT 1')
      await client.end()
    } else if (engine === 'mysql') {
      const connection = await mysql.createConnection({
        uri: ENGINE_URLS.mysql,
        connectTimeout: 3000,
      })
      await connection.query('SELECT 1')
      await connection.end()
    }
    return null
  } catch (error) {
    return messageOf(error)
  }
}

let found: Promise<Engine[]> | null = null

/** The engines to test on; rejects when one that `RD_TEST_ENGINES` names does not answer. */
export function testEngines(): Promise<Engine[]> {
  found ??= (async () => {
    const wanted = required()
    const engines: Engine[] = []
    const missing: string[] = []
    for (const engine of wanted ?? ALL) {
      const problem = await answers(engine)
      if (problem === null) engines.push(engine)
      else missing.push(`${engine} (${problem})`)
    }
    if (wanted !== null && missing.length > 0) {
      throw new Error(`RD_TEST_ENGINES asks for engines that do not answer: ${missing.join('; ')}`)
    }
    const left = ALL.filter((engine) => !engines.includes(engine))
    const why = wanted === null ? 'not reachable' : 'not named in RD_TEST_ENGINES'
    console.info(
      `server tests cover: ${engines.join(', ')}${left.length > 0 ? ` (${why}, left out: ${left.join(', ')})` : ''}`,
    )
    return engines
  })()
  return found
}

export interface TestDatabase {
  engine: Engine
  url: string
  drop(): Promise<void>
}

let counter = 0

/** A new empty database on `engine`, dropped by `drop()`. */
export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  const name = `rd_test_${process.pid}_${Date.now().toString(36)}_${counter++}`
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'rd-sqlite-'))
    return {
      engine,
      url: `sqlite:${join(dir, 'cms.db')}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    }
  }
  if (engine === 'postgres') {
    const admin = new pg.Client({ connectionString: ENGINE_URLS.postgres })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    await admin.end()
    const url = new URL(ENGINE_URLS.postgres)
    url.pathname = `/${name}`
    return {
      engine,
      url: url.toString(),
      drop: async () => {
        const client = new pg.Client({ connectionString: ENGINE_URLS.postgres })
        await client.connect()
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
        await client.end()
      },
    }
  }
  const admin = await mysql.createConnection({ uri: ENGINE_URLS.mysql })
  await admin.query(`CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci`)
  await admin.end()
  const url = new URL(ENGINE_URLS.mysql)
  url.pathname = `/${name}`
  return {
    engine,
    url: url.toString(),
    drop: async () => {
      const client = await mysql.createConnection({ uri: ENGINE_URLS.mysql })
      await client.query(`DROP DATABASE IF EXISTS ${name}`)
      await client.end()
    },
  }
}
