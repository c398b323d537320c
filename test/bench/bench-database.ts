/**
 * A bench's own database on each engine, named by the bench and kept between runs: a SQLite file
 * under `.bench/`, or a database of that name on the local PostgreSQL or MariaDB. `fresh` says it
 * was just created (and needs seeding).
 */
import { existsSync, mkdirSync } from 'node:fs'
import mysql from 'mysql2/promise'
import pg from 'pg'
import type { Engine } from '@/server/db/database'
import { ENGINE_URLS } from '@/server/testing/engines'

export async function benchDatabase(
  engine: Engine,
  name: string,
): Promise<{ url: string; fresh: boolean }> {
  mkdirSync('.bench', { recursive: true })
  if (engine === 'sqlite') {
    const path = `.bench/${name}.db`
    return { url: `sqlite:${path}`, fresh: !existsSync(path) }
  }
  const url = new URL(ENGINE_URLS[engine])
  if (engine === 'postgres') {
    const client = new pg.Client({ connectionString: url.toString() })
    await client.connect()
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${name}`)
    await client.end()
    url.pathname = `/${name}`
    return { url: url.toString(), fresh: found.rowCount === 0 }
  }
  const connection = await mysql.createConnection({ uri: url.toString() })
  const [rows] = await connection.query('SHOW DATABASES LIKE ?', [name])
  const fresh = (rows as unknown[]).length === 0
  if (fresh) await connection.query(`CREATE DATABASE ${name} CHARACTER SET utf8mb4`)
  await connection.end()
  url.pathname = `/${name}`
  return { url: url.toString(), fresh }
}
