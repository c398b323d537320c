import type { IncomingMessage, ServerResponse } from 'node:http'
import { parseRunsParams, parseSummaryParams, summaryGrainProblem } from '@/domain/api-query'
import { isAuthorized } from '../setup/tokens'
import type { Settings } from '../setup/settings'
import { DatabaseBusyError } from '../db/connection-limit'
import { DatabaseUnavailableError, type Database } from '../db/database'
import { readMeta } from '../read/meta'
import { BadCursorError, findRun, pageOfRuns, writeRuns } from '../read/runs'
import type { BuildProgress, SummaryView } from '../view/summary-view'
import { COUNTING, type BuiltinTool } from '@/domain/contract'
import { readTools } from '../read/tools'
import { AnswerGate, AnswersBusyError } from './answer-gate'
import { ClientGoneError, sendError, sendJson, sendJsonStream, sendJsonText } from './respond'
import { messageOf } from '@/domain/message-of'

/** Where the dashboard looks for the API by default. */
export const API_BASE = '/api/diagnostics/v1'

/** Seconds a client should wait before asking again when the database does not answer. */
export const RETRY_AFTER_SECONDS = 5

export interface ApiContext {
  db: Database
  settings: Settings
  /** The built-in catalogue (`--tools`); null when not given: /tools says so (`builtinListed`). */
  builtinTools: readonly BuiltinTool[] | null
  /** SHA-256 digests of the accepted bearer tokens; null = no token needed (loopback only). */
  tokens: readonly Buffer[] | null
  log: (line: string) => void
  /** `/summary`'s one way to count: what the server keeps of the tables (decision 0022). */
  summaries: SummaryView
  /** Large answers made at once (runs with their steps); by default {@link LARGE_ANSWERS}. */
  largeAnswers?: AnswerGate
}

/** Runs pages and runs made at once by default; later ones wait up to the connection wait. */
export const LARGE_ANSWERS = 4

/**
 * Answers the diagnostics API v1 under {@link API_BASE}; returns false for any other path so a
 * static dashboard can answer it. Tokens are checked before any query runs.
 */
export function createApiHandler(context: ApiContext) {
  const large = context.largeAnswers ?? new AnswerGate(LARGE_ANSWERS, 5000)
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const under = (base: string) => url.pathname === base || url.pathname.startsWith(`${base}/`)
    if (!under('/api')) return false
    if (!under(API_BASE)) {
      // Never the dashboard's page: another version or a typo gets the API's own 404.
      sendError(
        res,
        404,
        'not_found',
        `This server answers the diagnostics API under ${API_BASE} only.`,
      )
      return true
    }
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
      await route(context, large, url, res)
    } catch (error) {
      fail(context, res, error)
    }
    return true
  }
}

async function route(
  context: ApiContext,
  large: AnswerGate,
  url: URL,
  res: ServerResponse,
): Promise<void> {
  const { db } = context
  const path = url.pathname.slice(API_BASE.length)
  const gone = () => res.destroyed || res.req.destroyed
  if (path === '/meta') {
    // A dashboard asks /meta first: the summary view catches up while the page starts, so the
    // page's /summary finds it as of its load (the background refresh keeps it within 5 s).
    context.summaries.warm()
    return sendJson(res, 200, await readMeta(db, context.settings))
  }
  if (path === '/tools') {
    const catalogue = await readTools(db, context.builtinTools ?? [])
    for (const line of catalogue.skipped) context.log(`left out of /tools: ${line}`)
    const listed = context.builtinTools === null ? { builtinListed: false } : {}
    return sendJson(res, 200, { tools: catalogue.tools, ...listed })
  }
  if (path === '/runs') {
    const params = parseRunsParams(url.searchParams)
    if (!params.ok) return sendError(res, 400, 'bad_request', params.message)
    return large.run(gone, async () => {
      const page = await pageOfRuns(db, params.query, params.cursor, params.limit)
      await sendJsonStream(res, 200, async (out) => {
        await out.write('{"runs":')
        await writeRuns(db, page.rows, out)
        await out.write(
          `,"nextCursor":${JSON.stringify(page.nextCursor)},"totalRuns":${page.totalRuns}}`,
        )
      })
    })
  }
  if (path === '/summary') {
    const params = parseSummaryParams(url.searchParams)
    if (!params.ok) return sendError(res, 400, 'bad_request', params.message)
    // The view counts by quarter hours: a range off them is refused, never counted slowly.
    const problem = summaryGrainProblem(params)
    if (problem !== null) return sendError(res, 400, problem.error, problem.message)
    const answer = await context.summaries.answerText(params)
    if (answer === null) return sendCounting(res, context.summaries.progress)
    return sendJsonText(res, 200, answer)
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
      // Echoed only when it can be a run id: the answer does not grow with the request.
      const shown = uuid.length <= 64 ? ` ${uuid}` : ''
      return sendError(res, 404, 'not_found', `No run${shown} is recorded on this installation.`)
    }
    return large.run(gone, () =>
      sendJsonStream(res, 200, (out) => writeRuns(db, [found], out, 'one')),
    )
  }
  sendError(res, 404, 'not_found', 'The diagnostics API has no such endpoint.')
}

/**
 * The `503` of a `/summary` asked while the server counts the installation for the first time:
 * how far it is (`progress`, 0–1, when known) and when to ask again.
 */
function sendCounting(res: ServerResponse, progress: BuildProgress | null): void {
  const share = progress === null || progress.total <= 0 ? null : progress.done / progress.total
  const percent = share === null ? '' : ` (${Math.floor(share * 100)} % so far)`
  res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS))
  sendJson(res, 503, {
    error: COUNTING,
    message: `The server is counting this installation's runs for the first time${percent}; ask again shortly.`,
    ...(share === null ? {} : { progress: Math.min(1, Math.max(0, share)) }),
  })
}

function fail(context: ApiContext, res: ServerResponse, error: unknown): void {
  // Nobody reads on (gone, or a HEAD answered): nothing to say, nothing to log.
  if (error instanceof ClientGoneError) {
    if (!res.writableEnded) res.destroy()
    return
  }
  if (res.headersSent) {
    context.log(`failed while answering: ${messageOf(error)}`)
    res.destroy()
    return
  }
  if (error instanceof BadCursorError) return sendError(res, 400, 'bad_request', error.message)
  if (error instanceof AnswersBusyError) {
    context.log(error.message)
    return sendError(
      res,
      503,
      'unavailable',
      'The server is sending as many runs with their steps as it can at once; try again shortly.',
      { 'Retry-After': String(RETRY_AFTER_SECONDS) },
    )
  }
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
