import type { ServerResponse } from 'node:http'
import { effectToWire } from '@/domain/effect'
import {
  effectRequest,
  runListCsv,
  runListRequest,
  runsRequest,
  summaryRequest,
} from '../http/requests'
import { pageOfRunList } from '../view/run-list'
import { INSTALLATION_NAME } from '@/domain/contract'
import { answeringApi, API_BASE } from '../http/api-handler'
import { ApiError } from '../http/api-error'
import { sendCsvStream, sendJson, sendJsonStream } from '../http/respond'
import { MAX_RUN_ID, runIdOf, runNotFound, runsJson, runsPageJson } from '../read/runs'
import type { ClickHouse } from './clickhouse'
import {
  fleetInstallations,
  fleetMeta,
  fleetMetaOfAll,
  fleetTools,
  fleetToolsOfAll,
} from './fleet-reads'
import { runRowsRequest } from '../read/run-rows'
import { fleetEffect } from './fleet-effect'
import { fleetRunList } from './fleet-run-list'
import { fleetRunRows } from './fleet-run-rows'
import {
  fleetEvents,
  fleetFindRun,
  fleetFindRunOfAny,
  fleetPageOfAllRuns,
  fleetPageOfRuns,
} from './fleet-runs'
import { fleetSummary } from './fleet-summary'

export interface FleetContext {
  ch: ClickHouse
  tokens: readonly Buffer[] | null
  log: (line: string) => void
}

const INSTALLATIONS = '/installations'

/**
 * The diagnostics API over ClickHouse (decision 0017): `GET /installations` lists the exported
 * installations; under `/installations/<name>/` each answers the whole contract as its own
 * server would. At the base, `/meta`, `/tools`, `/summary`, `/effect` and `/runs` answer for
 * every installation together (counts summed, runs listed together) and `/runs/{uuid}` finds a
 * run in any; the counted runs lists (`/run-rows`, `/run-list`) answer 501 there (one
 * installation at a time), which the dashboard reads as "not offered".
 */
export function createFleetHandler(context: FleetContext) {
  return answeringApi(context, (url, res) => route(context.ch, url, res))
}

async function route(ch: ClickHouse, url: URL, res: ServerResponse): Promise<void> {
  const path = url.pathname.slice(API_BASE.length)
  if (path === INSTALLATIONS) {
    return sendJson(res, 200, { installations: await fleetInstallations(ch) })
  }
  if (path === '/meta') return sendJson(res, 200, await fleetMetaOfAll(ch))
  if (path === '/tools') return sendJson(res, 200, await fleetToolsOfAll(ch))
  if (path === '/summary') {
    const names = (await fleetInstallations(ch)).map((entry) => entry.name)
    return sendJson(res, 200, await fleetSummary(ch, names, summaryRequest(url)))
  }
  if (path === '/effect') {
    const names = (await fleetInstallations(ch)).map((entry) => entry.name)
    return sendJson(res, 200, effectToWire(await fleetEffect(ch, names, effectRequest(url))))
  }
  const runAtBase = /^\/runs\/([^/]+)$/.exec(path)
  if (runAtBase !== null) {
    // A run asked without its installation: the first installation (A→Z) that records it.
    const uuid = runIdOf(runAtBase[1] ?? '')
    const found = uuid.length > MAX_RUN_ID ? null : await fleetFindRunOfAny(ch, uuid)
    if (found === null) throw runNotFound(uuid)
    const events = fleetEvents(ch, found.installation)
    return sendJsonStream(res, 200, runsJson(events, [found.row], 'one'))
  }
  if (path === '/runs') {
    const params = runsRequest(url)
    const { page, events } = await fleetPageOfAllRuns(ch, params.query, params.cursor, params.limit)
    return sendJsonStream(res, 200, runsPageJson(events, page))
  }
  if (RUN_LISTS.has(path)) throw notOffered(path)
  const match = /^\/installations\/([^/]+)(\/.*)?$/.exec(path)
  if (match === null) throw noSuchEndpoint()
  const name = nameOf(match[1] ?? '')
  const endpoint = match[2] ?? '/'
  if (!INSTALLATION_NAME.test(name) || !(await isExported(ch, name))) {
    throw new ApiError(404, 'not_found', 'No installation of that name has been exported here.')
  }
  if (endpoint === '/meta') return sendJson(res, 200, await fleetMeta(ch, name))
  if (endpoint === '/tools') return sendJson(res, 200, await fleetTools(ch, name))
  if (endpoint === '/summary') {
    return sendJson(res, 200, await fleetSummary(ch, [name], summaryRequest(url)))
  }
  if (endpoint === '/effect') {
    return sendJson(res, 200, effectToWire(await fleetEffect(ch, [name], effectRequest(url))))
  }
  if (endpoint === '/run-rows') {
    const { params, after } = runRowsRequest(url)
    return sendJson(res, 200, await fleetRunRows(ch, name, params, after, params.limit))
  }
  if (endpoint === '/run-list') {
    const params = runListRequest(url)
    const { from, to, tools, filters, sort } = params
    const list = await fleetRunList(ch, name, { from, to, tools, filters, sort })
    if (params.format === 'json') {
      const { listed, tallies, facts } = list
      return sendJson(
        res,
        200,
        await pageOfRunList(listed, params.offset, params.limit, tallies, facts),
      )
    }
    const csv = runListCsv(params, params.tz, await list.listed.rows.all())
    return sendCsvStream(res, csv.name, csv.chunks)
  }
  if (endpoint === '/runs') {
    const params = runsRequest(url)
    const page = await fleetPageOfRuns(ch, name, params.query, params.cursor, params.limit)
    return sendJsonStream(res, 200, runsPageJson(fleetEvents(ch, name), page))
  }
  const run = /^\/runs\/([^/]+)$/.exec(endpoint)
  if (run !== null) {
    const uuid = runIdOf(run[1] ?? '')
    const found = uuid.length > MAX_RUN_ID ? null : await fleetFindRun(ch, name, uuid)
    if (found === null) throw runNotFound(uuid)
    return sendJsonStream(res, 200, runsJson(fleetEvents(ch, name), [found], 'one'))
  }
  throw noSuchEndpoint()
}

/** The counted runs lists, answered per installation only: a run belongs to one. */
const RUN_LISTS: ReadonlySet<string> = new Set(['/run-rows', '/run-list'])

/** The installation's name in a path segment; one that is no percent-encoding names none. */
function nameOf(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return ''
  }
}

const noSuchEndpoint = () =>
  new ApiError(404, 'not_found', 'The diagnostics API has no such endpoint.')

async function isExported(ch: ClickHouse, name: string): Promise<boolean> {
  const rows = await ch.query(
    `SELECT 1 AS one FROM rd_exports WHERE installation = {i:String} LIMIT 1`,
    {
      i: name,
    },
  )
  return rows.length > 0
}

const notOffered = (path: string) =>
  new ApiError(
    501,
    'not_offered',
    `This server lists runs one installation at a time: ask /installations/<name>${path}.`,
  )
