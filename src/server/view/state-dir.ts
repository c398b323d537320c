import { createHash } from 'node:crypto'
import { mkdir } from 'node:fs/promises'
import { join, resolve } from 'node:path'

/**
 * Which database a URL names, without credentials or options: the engine, and the host, port and
 * database name (or the SQLite file's absolute path). Two URLs of the same tables give the same
 * identity, whoever signs in; the saved view of one database is never read for another.
 */
export function databaseIdentity(url: string): string {
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '')
    return `sqlite:${resolve(path)}`
  }
  try {
    const parsed = new URL(url)
    const engine = /^postgres(ql)?:$/.test(parsed.protocol) ? 'postgres' : 'mysql'
    const port = parsed.port === '' ? (engine === 'postgres' ? '5432' : '3306') : parsed.port
    return `${engine}://${parsed.hostname}:${port}${decodeURIComponent(parsed.pathname)}`
  } catch {
    return url.replace(/\/\/[^@/]*@/, '//')
  }
}

/**
 * The file in `dir` that keeps the view of the database `identity`: one per database, so one
 * state directory serves several servers. Creates `dir` on first use; throws when it cannot.
 */
export async function viewFileIn(dir: string, identity: string): Promise<string> {
  await mkdir(dir, { recursive: true })
  const hash = createHash('sha256').update(identity).digest('hex').slice(0, 16)
  return join(dir, `view-${hash}.bin`)
}
