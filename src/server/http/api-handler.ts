import type { IncomingMessage, ServerResponse } from 'node:http'
import { isAuthorized } from '../setup/tokens'
import type { Settings } from '../setup/settings'
import { DatabaseBusyError } from '../db/connection-limit'
import { DatabaseUnavailableError, type Database } from '../db/database'
import { readMeta } from '../read/meta'
import { effectOf } from '../read/effect'
import { eventsOf } from '../read/events'
import {
  findRun,
  MAX_RUN_ID,
  pageOfRuns,
  runIdOf,
  runNotFound,
  runsJson,
  runsPageJson,
} from '../read/runs'
import { pageOfRunRows, runRowsRequest, tablesOf } from '../read/run-rows'
import type { SummaryView } from '../view/summary-view'
import { COUNTING, type BuiltinTool } from '@/domain/contract'
import { readTools } from '../read/tools'
import { AnswerGate, AnswersBusyError } from './answer-gate'
import { ApiError, RETRY_LATER } from './api-error'
import { ClientGoneError, sendCsvStream, sendJson, sendJsonStream, sendJsonText } from './respond'
import { effectRequest, runListCsv, runListRequest, runsRequest, summaryRequest } from './requests'
import { messageOf } from '@/domain/message-of'
import { effectToWire } from '@/domain/effect'

/** Where the dashboard looks for the API by default. */
export const API_BASE = '/api/diagnostics/v1'

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
  return answeringApi(context, (url, res) => route(context, large, url, res))
}

/**
 * The API's envelope around `route`: paths under {@link API_BASE} only (false for any other
 * path, so a static dashboard can answer it), GET and HEAD only, the bearer token checked before
 * `route` runs, and every failure answered as the contract's error body ({@link answerError}).
 */
export function answeringApi(
  context: { tokens: readonly Buffer[] | null; log: (line: string) => void },
  route: (url: URL, res: ServerResponse) => Promise<void>,
) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost')
      const under = (base: string) => url.pathname === base || url.pathname.startsWith(`${base}/`)
      if (!under('/api')) return false
      if (!under(API_BASE)) {
        // Never the dashboard's page: another version or a typo gets the API's own 404.
        const message = `This server answers the diagnostics API under ${API_BASE} only.`
        throw new ApiError(404, 'not_found', message)
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        throw new ApiError(405, 'method_not_allowed', 'The diagnostics API only answers GET.', {
          Allow: 'GET, HEAD',
        })
      }
      if (context.tokens !== null && !isAuthorized(req.headers.authorization, context.tokens)) {
        const message = 'Sign in first: this API needs a valid bearer token.'
        throw new ApiError(401, 'unauthorized', message, { 'WWW-Authenticate': 'Bearer' })
      }
      await route(url, res)
    } catch (error) {
      answerError(res, error, context.log)
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
    const make = async () => JSON.stringify(await readMeta(db, context.settings))
    return sendJsonText(res, 200, (await context.summaries.metaText(make)) ?? (await make()))
  }
  if (path === '/tools') {
    const catalogue = await readTools(db, context.builtinTools ?? [])
    for (const line of catalogue.skipped) context.log(`left out of /tools: ${line}`)
    const listed = context.builtinTools === null ? { builtinListed: false } : {}
    return sendJson(res, 200, { tools: catalogue.tools, ...listed })
  }
  if (path === '/runs') {
    const params = runsRequest(url)
    return large.run(gone, async () => {
      const page = await pageOfRuns(db, params.query, params.cursor, params.limit)
      await sendJsonStream(res, 200, runsPageJson(eventsOf(db), page))
    })
  }
  if (path === '/summary') {
    const answer = await context.summaries.answerText(summaryRequest(url))
    if (answer !== null) return sendJsonText(res, 200, answer)
    throw countingError(context.summaries)
  }
  if (path === '/run-rows') {
    const { params, after } = runRowsRequest(url)
    const page = await context.summaries.runRowsText(
      params,
      JSON.stringify([after, params.limit]),
      async (tallies) =>
        JSON.stringify(await pageOfRunRows(tablesOf(db), tallies, after, params.limit)),
    )
    if (page === null) throw countingError(context.summaries)
    return sendJsonText(res, 200, page)
  }
  if (path === '/run-list') {
    const params = runListRequest(url)
    if (params.format === 'json') {
      const page = await context.summaries.runListText(params, params.offset, params.limit)
      if (page === null) throw countingError(context.summaries)
      return sendJsonText(res, 200, page)
    }
    const list = await context.summaries.runList(params)
    if (list === null) throw countingError(context.summaries)
    const { name, chunks } = runListCsv(params, params.tz, await list.listed.rows.all())
    return large.run(gone, () => sendCsvStream(res, name, chunks))
  }
  if (path === '/effect') {
    const query = effectRequest(url)
    // It reads the steps of the runs with refusals: as many at once as runs with their steps.
    const answer = await large.run(gone, async () => {
      const catalogue = await readTools(db, context.builtinTools ?? [])
      return context.summaries.effectText(query, catalogue.tools, async (plan) =>
        JSON.stringify(effectToWire(await effectOf(db, plan))),
      )
    })
    if (answer === null) throw countingError(context.summaries)
    return sendJsonText(res, 200, answer)
  }
  const run = /^\/runs\/([^/]+)$/.exec(path)
  if (run !== null) {
    const uuid = runIdOf(run[1] ?? '')
    const found = uuid.length > MAX_RUN_ID ? null : await findRun(db, uuid)
    if (found === null) throw runNotFound(uuid)
    return large.run(gone, () => sendJsonStream(res, 200, runsJson(eventsOf(db), [found], 'one')))
  }
  throw new ApiError(404, 'not_found', 'The diagnostics API has no such endpoint.')
}

/**
 * The 503 of a server counting the installation for the first time: how far it is (`progress`,
 * 0–1, when known), and when to ask again.
 */
function countingError(summaries: SummaryView): ApiError {
  const { progress } = summaries
  const share = progress === null || progress.total <= 0 ? null : progress.done / progress.total
  const percent = share === null ? '' : ` (${Math.floor(share * 100)} % so far)`
  const message = `The server is counting this installation's runs for the first time${percent}; ask again shortly.`
  const more = share === null ? {} : { progress: Math.min(1, Math.max(0, share)) }
  return new ApiError(503, COUNTING, message, RETRY_LATER, more)
}

/** The 503 sentence for each typed error of the database and the answer gate, first match wins. */
const UNAVAILABLE = [
  [
    AnswersBusyError,
    'The server is sending as many runs with their steps as it can at once; try again shortly.',
  ],
  [DatabaseBusyError, 'Every database connection of the server is busy; try again shortly.'],
  [DatabaseUnavailableError, 'The database did not answer; try again shortly.'],
] as const

/** JSON-quoted, with what JSON leaves of control characters and line breaks percent-encoded. */
const quoted = (text: string) =>
  JSON.stringify(text).replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, encodeURIComponent)

/** What the contract answers for `error`; for a 503 or a 500 the log also says why. */
function contractErrorOf(error: unknown, log: (line: string) => void, request: string): ApiError {
  if (error instanceof ApiError) return error
  const busy = UNAVAILABLE.find(([type]) => error instanceof type)
  if (busy !== undefined) {
    log(messageOf(error))
    return new ApiError(503, 'unavailable', busy[1], RETRY_LATER)
  }
  log(`failed to answer ${request}`)
  return new ApiError(
    500,
    'internal',
    'The server could not answer this request; its log says why.',
  )
}

/**
 * The one place a failed API request is answered: an {@link ApiError} or a typed 503 as the
 * contract says, anything else as its 500 logged on one line with the request's method, path and
 * query (SQL text and stacks never reach the client).
 */
function answerError(res: ServerResponse, error: unknown, log: (line: string) => void): void {
  // The target as sent: Node refuses control characters in it, percent-escapes stay undecoded.
  const request = `${res.req.method} ${quoted(res.req.url ?? '')}: ${quoted(messageOf(error))}`
  if (error instanceof ClientGoneError || res.headersSent) {
    // Nobody reads on (gone, or a HEAD answered), or an answer begun can only be cut.
    if (!(error instanceof ClientGoneError)) log(`failed while answering ${request}`)
    if (!res.writableEnded) res.destroy()
    return
  }
  const { status, code, message, headers, more } = contractErrorOf(error, log, request)
  sendJson(res, status, { error: code, message, ...more }, headers)
}
