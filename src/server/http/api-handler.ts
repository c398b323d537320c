import type { IncomingMessage, ServerResponse } from 'node:http'
import { parseRunsParams, parseSummaryParams } from '@/domain/api-query'
import { isAuthorized } from '../setup/tokens'
import type { Settings } from '../setup/settings'
import { DatabaseBusyError } from '../db/connection-limit'
import { DatabaseUnavailableError, type Database } from '../db/database'
import { readMeta } from '../read/meta'
import { BadCursorError, findRun, pageOfRuns, writeRuns } from '../read/runs'
import type { SummaryCache } from '../cache/summary-cache'
import { countSummary } from '../read/summary'
import type { BuiltinTool } from '@/domain/contract'
import { readTools } from '../read/tools'
import { ClientGoneError, sendError, sendJson, sendJsonStream } from './respond'

/** Where the dashboard looks for the API by default. */
export const API_BASE = '/api/diagnostics/v1'

/** Seconds a client should wait before asking again when the database does not answer. */
export const RETRY_AFTER_SECONDS = 5

/**
 * The header saying how a `/summary` was counted: `cache` (from what the server keeps,
 * decision 0015) or `database` (counted by the database while that is not built, or for a zone
 * the cache cannot answer exactly). For operators and tests; no client depends on it.
 */
export const SUMMARY_SOURCE_HEADER = 'X-Summary-Source'

export interface ApiContext {
  db: Database
  settings: Settings
  builtinTools: readonly BuiltinTool[]
  /** SHA-256 digests of the accepted bearer tokens; null = no token needed (loopback only). */
  tokens: readonly Buffer[] | null
  log: (line: string) => void
  /** Answers `/summary` from what was counted once where it can (issue 22). */
  summaries?: SummaryCache
}

/**
 * Answers the diagnostics API v1 under {@link API_BASE}; returns false for any other path so a
 * static dashboard can answer it. Tokens are checked before any query runs.
 */
export function createApiHandler(context: ApiContext) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (url.pathname !== API_BASE && !url.pathname.startsWith(`${API_BASE}/`)) return false
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendError(res, 405, 'method_not_allowed', 'The diagnostics API only answers GET.', {
        Allow: 'GET, HEAD',
      })
      return true
    }
    if (context.tokens !== null && !isAuthorized(req.headers.authorization, context.tokens)) {
      sendError(res, 401, 'unauthorized', 'Sign in first: this API needs a valid bearer token.', {
        'WWW-Authenticate': 'Bearer',
      })
      return true
    }
    try {
      await route(context, url, res)
    } catch (error) {
      fail(context, res, error)
    }
    return true
  }
}

async function route(context: ApiContext, url: URL, res: ServerResponse): Promise<void> {
  const { db } = context
  const path = url.pathname.slice(API_BASE.length)
  if (path === '/meta') {
    // A dashboard asks /meta first: the summary view catches up while the page starts, so the
    // page's /summary finds it as of its load (the background refresh keeps it within 5 s).
    context.summaries?.warm()
    return sendJson(res, 200, await readMeta(db, context.settings))
  }
  if (path === '/tools') {
    const catalogue = await readTools(db, context.builtinTools)
    for (const line of catalogue.skipped) context.log(`left out of /tools: ${line}`)
    return sendJson(res, 200, { tools: catalogue.tools })
  }
  if (path === '/runs') {
    const params = parseRunsParams(url.searchParams)
    if (!params.ok) return sendError(res, 400, 'bad_request', params.message)
    const page = await pageOfRuns(db, params.query, params.cursor, params.limit)
    return sendJsonStream(res, 200, async (out) => {
      await out.write('{"runs":')
      await writeRuns(db, page.rows, out)
      await out.write(
        `,"nextCursor":${JSON.stringify(page.nextCursor)},"totalRuns":${page.totalRuns}}`,
      )
    })
  }
  if (path === '/summary') {
    const params = parseSummaryParams(url.searchParams)
    if (!params.ok) return sendError(res, 400, 'bad_request', params.message)
    const cached = (await context.summaries?.answer(params)) ?? null
    const source = { [SUMMARY_SOURCE_HEADER]: cached === null ? 'database' : 'cache' }
    return sendJson(res, 200, cached ?? (await countSummary(db, params)), source)
  }
  const run = /^\/runs\/([^/]+)$/.exec(path)
  if (run !== null) {
    let uuid: string
    try {
      uuid = decodeURIComponent(run[1] ?? '')
    } catch {
      return sendError(
        res,
        400,
        'bad_request',
        'The run id in the path is not valid percent-encoding.',
      )
    }
    const found = uuid.length > 200 ? null : await findRun(db, uuid)
    if (found === null) {
      return sendError(res, 404, 'not_found', `No run ${uuid} is recorded on this installation.`)
    }
    return sendJsonStream(res, 200, (out) => writeRuns(db, [found], out, 'one'))
  }
  sendError(res, 404, 'not_found', 'The diagnostics API has no such endpoint.')
}

function fail(context: ApiContext, res: ServerResponse, error: unknown): void {
  if (res.headersSent) {
    if (!(error instanceof ClientGoneError)) {
      context.log(
        `failed while answering: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
    res.destroy()
    return
  }
  if (error instanceof BadCursorError) return sendError(res, 400, 'bad_request', error.message)
  if (error instanceof DatabaseUnavailableError) {
    context.log(error.message)
    const message =
      error instanceof DatabaseBusyError
        ? 'Every database connection of the server is busy; try again shortly.'
        : 'The database did not answer; try again shortly.'
    return sendError(res, 503, 'unavailable', message, {
      'Retry-After': String(RETRY_AFTER_SECONDS),
    })
  }
  // SQL text and stack traces stay in the log, never in an answer.
  context.log(
    `failed to answer: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  )
  sendError(res, 500, 'internal', 'The server could not answer this request; its log says why.')
}
