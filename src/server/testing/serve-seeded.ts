import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Installation } from '@/mocks/installation'
import { startApi, type RunningApi } from '../cli/start-api'
import type { Engine } from '../db/database'
import { openDatabase } from '../db/open-database'
import { builtinCatalogueFile } from '../seed/catalogue-rows'
import { seedInstallation } from '../seed/seed-installation'
import { createTestDatabase } from './engines'

export interface SeededServer {
  api: RunningApi
  /** The API's base URL, e.g. `http://127.0.0.1:41234/api/diagnostics/v1`. */
  base: string
  url: string
  /** The seeded database, for a test that writes more into it. */
  databaseUrl: string
  log: string[]
  stop(): Promise<void>
}

/** The settings file the seeder writes for an installation (the CMS configuration beside the tables). */
export function settingsOf(installation: Installation) {
  const { installation: name, privacyLevel, retentionDays, argumentCheckSince } = installation.meta
  return { installation: name, privacyLevel, retentionDays, argumentCheckSince }
}

/**
 * A fresh database on `engine` with `installation` seeded into it, and the API server over it
 * (built-in catalogue and settings from files, as in production). `stop()` closes and drops all.
 */
export async function serveSeeded(
  engine: Engine,
  installation: Installation,
  options: {
    dashboard?: string
    tokens?: string[]
    statementTimeoutMs?: number
    connections?: number
    connectionWaitMs?: number
    publicHosts?: string[]
    /** Started without `--tools`, as an admin who leaves it out does. */
    withoutTools?: boolean
    /** The URL the server reads with, made from the seeded database's (e.g. another user's). */
    readAs?: (databaseUrl: string) => Promise<string>
  } = {},
): Promise<SeededServer> {
  const database = await createTestDatabase(engine)
  const writer = openDatabase(database.url, { write: true })
  try {
    await seedInstallation(writer, installation)
  } finally {
    await writer.close()
  }
  const dir = mkdtempSync(join(tmpdir(), 'rd-api-'))
  const tools = join(dir, 'tools.json')
  const settings = join(dir, 'settings.json')
  writeFileSync(tools, JSON.stringify(builtinCatalogueFile(installation)))
  writeFileSync(settings, JSON.stringify(settingsOf(installation)))
  let tokens: string | undefined
  if (options.tokens !== undefined) {
    tokens = join(dir, 'tokens')
    writeFileSync(tokens, `# test tokens\n${options.tokens.join('\n')}\n`)
  }
  const log: string[] = []
  const readUrl = options.readAs === undefined ? database.url : await options.readAs(database.url)
  const api = await startApi(
    {
      database: readUrl,
      port: 0,
      host: '127.0.0.1',
      tools: options.withoutTools ? undefined : tools,
      settings,
      tokens,
      dashboard: options.dashboard,
      statementTimeoutMs: options.statementTimeoutMs ?? 20_000,
      connections: options.connections,
      connectionWaitMs: options.connectionWaitMs,
      publicHosts: options.publicHosts,
      // Tests write and then ask at once: every answer reads what was just written.
      summaryRefreshMs: 0,
    },
    (line) => log.push(line),
  )
  // Tests ask at once: the first count is done before they do (its 503 is tested on its own).
  await api.summaries.ready()
  return {
    api,
    url: api.url,
    base: `${api.url}/api/diagnostics/v1`,
    databaseUrl: database.url,
    log,
    stop: async () => {
      await api.close()
      await database.drop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
