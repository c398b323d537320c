import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { loadCatalogue, loadSettings } from '../setup/settings'
import { loadTokens } from '../setup/tokens'
import { databaseIdentity, viewFileIn } from '../view/state-dir'
import { SummaryView } from '../view/summary-view'
import { countInChild } from '../view/count-in-child'
import type { Database } from '../db/database'
import { openDatabase, redactUrl } from '../db/open-database'
import { createApiHandler, LARGE_ANSWERS } from '../http/api-handler'
import { AnswerGate } from '../http/answer-gate'
import { checkHost } from '../http/host-check'
import { listen, type Listening } from '../http/listen'
import { EVENTS, RUNS } from '../sql/tables'
import { listensOnLoopbackOnly, StartError, UsageError, type ApiOptions } from './options'
import { messageOf } from '@/domain/message-of'

/**
 * The checks of a server's start before anything is opened: no listening off this machine
 * without tokens, and a `--dashboard` folder that holds a built dashboard.
 */
export async function refuseUnsafeStart(options: {
  host: string
  tokens?: string
  dashboard?: string
}): Promise<void> {
  if (options.tokens === undefined && !(await listensOnLoopbackOnly(options.host))) {
    throw new UsageError(
      `Refusing to listen on ${options.host} without --tokens: off this machine the API must be signed in to.`,
    )
  }
  if (options.dashboard !== undefined && !existsSync(join(options.dashboard, 'index.html'))) {
    throw new StartError(
      `--dashboard ${options.dashboard} holds no built dashboard (no index.html): run npm run build first, or leave --dashboard out.`,
    )
  }
}

export interface RunningApi extends Listening {
  db: Database
  summaries: SummaryView
}

/**
 * Starts the API server: reads the settings, catalogue and tokens files, opens the database
 * read-only, checks that the CMS's tables are there, then listens. Every problem is thrown as
 * one sentence before anything listens.
 */
export async function startApi(
  options: ApiOptions,
  log: (line: string) => void,
): Promise<RunningApi> {
  await refuseUnsafeStart(options)
  const [settings, builtinTools, tokens] = await Promise.all([
    loadSettings(options.settings),
    loadCatalogue(options.tools),
    options.tokens === undefined ? Promise.resolve(null) : loadTokens(options.tokens),
  ])
  const open = {
    write: false,
    statementTimeoutMs: options.statementTimeoutMs,
    connections: options.connections,
    connectionWaitMs: options.connectionWaitMs,
  }
  const db = openDatabase(options.database, open)
  try {
    await db.query(`SELECT 1 AS one FROM ${RUNS} WHERE 1 = 0`)
    await db.query(`SELECT 1 AS one FROM ${EVENTS} WHERE 1 = 0`)
  } catch (error) {
    await db.close().catch(() => undefined)
    const reason = messageOf(error)
    throw new StartError(
      `The database ${redactUrl(options.database)} cannot be read as the CMS's run tables: ${reason}`,
    )
  }
  const database = databaseIdentity(options.database)
  const file = await stateFile(options.state, database, log)
  const summaries = new SummaryView(db, {
    log,
    refreshMs: options.summaryRefreshMs,
    database,
    file,
    countElsewhere:
      file === undefined
        ? undefined
        : (onProgress) =>
            countInChild(
              { database: options.database, open, file, identity: database },
              onProgress,
              log,
            ),
  })
  const handle = checkHost(
    [options.host, ...(options.publicHosts ?? [])],
    createApiHandler({
      db,
      settings,
      builtinTools,
      tokens,
      log,
      summaries,
      largeAnswers: new AnswerGate(LARGE_ANSWERS, options.connectionWaitMs ?? 5000),
    }),
  )
  try {
    // The saved view is read before anything listens, so no answer after a restart is a 503;
    // counting (what changed since, or everything) starts at once.
    await summaries.start()
    const listening = await listen({
      handle,
      host: options.host,
      port: options.port,
      dashboard: options.dashboard,
    }).catch((error: unknown) => {
      throw listenError(error, options)
    })
    // Said once the start has succeeded: beside a start problem it would only be noise.
    if (builtinTools === null)
      log(
        'No --tools: /tools lists only the MCP tools of the database. The checker cannot check built-in tools and the overview cannot tell their approval and input flags; give the built-in catalogue exported from the CMS with --tools <file>.',
      )
    // The view is kept fresh, so no answer waits for a refresh.
    const stopRefreshing = summaries.keepFresh()
    return {
      ...listening,
      db,
      summaries,
      close: async () => {
        stopRefreshing()
        await listening.close()
        await summaries.flush()
        await db.close()
      },
    }
  } catch (error) {
    await db.close().catch(() => undefined)
    throw error
  }
}

/** Why the server cannot listen, in one sentence naming the option that changes it. */
function listenError(error: unknown, options: ApiOptions): Error {
  const code = (error as { code?: unknown }).code
  const at = `port ${options.port} on ${options.host}`
  if (code === 'EADDRINUSE')
    return new StartError(
      `Another program already listens on ${at}: stop it, or choose another port with --port.`,
    )
  if (code === 'EACCES')
    return new StartError(
      `This user may not listen on ${at}: choose a port above 1023 with --port.`,
    )
  if (code === 'EADDRNOTAVAIL')
    return new StartError(
      `--host ${options.host} is not an address of this machine: use 127.0.0.1 or one of its own.`,
    )
  return error instanceof Error ? error : new Error(String(error))
}

/** The view's file in the state folder; none (memory only, said in the log) when unusable. */
async function stateFile(
  dir: string | undefined,
  database: string,
  log: (line: string) => void,
): Promise<string | undefined> {
  if (dir === undefined) return undefined
  try {
    return await viewFileIn(dir, database)
  } catch (error) {
    const why = messageOf(error)
    log(
      `summary view: cannot use the state folder ${dir} (${why}); the view is kept in memory only and counted afresh at every start`,
    )
    return undefined
  }
}
