/**
 * Rows as the CMS extension writes them (`docs/reference/cms-rows.md`), byte for byte where it
 * matters: payloads as its `json_encode` writes them (null fields left out, U+0000 as `\u0000`),
 * approvals and inputs at round 0 when a person decided, the calls of a denied turn as failed
 * calls of no time right after the approval, loop-level errors, a requeued run's attempts, a run
 * stored at `full`, damaged rows, a queued and a running run. And, worked out by hand from the
 * rows alone, what every answer must count. For the server's tests on every engine and the
 * browser test of the tool report.
 */
import { num, text, type Database, type SqlValue } from '../db/database'
import { EVENTS, MCP_SERVERS, MCP_TOOLS, RUNS, TOOL_GROUP_STATES, TOOL_STATES } from '../sql/tables'
import type { RunRow } from '../seed/record-run'

/** 2026-11-10 09:00:00 UTC, in Unix seconds: every step of the fixture lies on that day. */
export const T = Date.UTC(2026, 10, 10, 9) / 1000

/** A row of `tx_nrllm_agentrun` (only columns the fixture sets; the rest keep their defaults). */
export type RawRun = Omit<RunRow, 'queued_request'> & { events: RawEvent[] }

/** A row of `tx_nrllm_agentrun_event`; `sequence` is the event's place in its run's list. */
export interface RawEvent {
  kind: string
  round: number
  duration_ms: number
  payload: string
  crdate: number
}

type Payload = Record<string, unknown>

/** A payload as the CMS stores it: its own key order, null fields left out. */
const json = (payload: Payload): string =>
  JSON.stringify(Object.fromEntries(Object.entries(payload).filter(([, value]) => value !== null)))

/** At the metadata level the content keys are replaced by lengths. */
const metadataTool = (name: string, round: number, ms: number, isError: boolean, result: string) =>
  json({
    kind: 'tool',
    round,
    durationMs: ms,
    toolName: name,
    toolIsError: isError,
    contentRedacted: true,
    toolResultLength: result.length,
  })

const step = (kind: string, round: number, at: number, payload: Payload, ms = 0): RawEvent => ({
  kind,
  round,
  duration_ms: ms,
  payload: json({ kind, round, durationMs: ms, ...payload }),
  crdate: T + at,
})

/** A round's opening: context and request (recorded before the provider call) and the answer. */
const round = (n: number, at: number, finish = 'tool_calls'): RawEvent[] => [
  step('context', n, at, { contentRedacted: true, messagesSentCount: 2 * n + 1 }),
  step('request', n, at, { toolSpecs: ['get_page_content', 'update_page_metadata'] }),
  step(
    'llm',
    n,
    at + 2,
    { finishReason: finish, promptTokens: 1200, completionTokens: 80, contentRedacted: true },
    1840.25,
  ),
]

const call = (
  name: string,
  n: number,
  at: number,
  ms: number,
  isError: boolean,
  result: string,
) => ({
  kind: 'tool',
  round: n,
  duration_ms: ms,
  payload: metadataTool(name, n, ms, isError, result),
  crdate: T + at,
})

/** What the loop answers a call it never ran or could not run (only the length is stored). */
const DENIED = (name: string) => `Error: tool "${name}" was denied by the operator.`
const NO_LONGER = (name: string) =>
  `Error: tool "${name}" is no longer permitted and was not executed.`
const UNKNOWN = (name: string) => `Error: unknown tool "${name}"`
const NOT_PERMITTED = (name: string) => `Error: tool "${name}" not permitted`
const FAILED = (name: string) => `Error: tool "${name}" failed.`

/** The id of the editor who decided: personal data that no answer may carry. */
export const EDITOR = 12
const approval = (approved: boolean, at: number) =>
  step('approval', 0, at, { approved, decidedBy: EDITOR })

export function run(uuid: string, fields: Partial<RawRun>, events: RawEvent[]): RawRun {
  const start = fields.started_at ?? T
  const last = events.reduce((top, event) => Math.max(top, event.crdate), start)
  return {
    uuid,
    status: 'completed',
    configuration_identifier: 'page-editor',
    termination_reason: 'completed',
    started_at: start,
    finished_at: last + 1,
    crdate: start,
    tstamp: last + 1,
    requeue_count: 0,
    suspended_state: 'NEVER-SELECTED transcript',
    be_user: EDITOR,
    ...fields,
    events,
  }
}

/** A full-level tool step: arguments and result kept verbatim, the result holding U+0000. */
const fullTool = (
  name: string,
  n: number,
  at: number,
  ms: number,
  isError: boolean,
  result: string,
) => ({
  kind: 'tool',
  round: n,
  duration_ms: ms,
  payload: json({
    kind: 'tool',
    round: n,
    durationMs: ms,
    toolName: name,
    toolArguments: { uid: 7, note: 'NEVER-SELECTED argument' },
    toolResult: result,
    toolIsError: isError,
  }),
  crdate: T + at,
})

export const UUIDS = {
  denied: '11111111-0000-4000-8000-000000000001',
  approvedThenFailed: '11111111-0000-4000-8000-000000000002',
  loopErrors: '11111111-0000-4000-8000-000000000003',
  input: '11111111-0000-4000-8000-000000000004',
  requeued: '11111111-0000-4000-8000-000000000005',
  full: '11111111-0000-4000-8000-000000000006',
  damaged: '11111111-0000-4000-8000-000000000007',
  queued: '11111111-0000-4000-8000-000000000008',
  running: '11111111-0000-4000-8000-000000000009',
  refused: '11111111-0000-4000-8000-000000000010',
} as const

export const EXTENSION_RUNS: RawRun[] = [
  // An editor denied round 2's turn an hour later: both its calls (the read one too) never ran.
  run(UUIDS.denied, {}, [
    ...round(1, 10),
    call('get_page_content', 1, 13, 35.2, false, '{"uid":7}'),
    ...round(2, 20),
    approval(false, 3620),
    call('update_page_metadata', 2, 3620, 0, true, DENIED('update_page_metadata')),
    call('get_page_content', 2, 3620, 0, true, DENIED('get_page_content')),
    ...round(3, 3630, 'stop'),
  ]),
  // Approved turns: a real failure; on a later resume a call no longer permitted (failed: the
  // metadata cannot tell it from a failure).
  run(UUIDS.approvedThenFailed, { started_at: T + 100 }, [
    ...round(1, 110),
    approval(true, 400),
    call('update_page_metadata', 1, 401, 142.5, true, FAILED('update_page_metadata')),
    call('create_content_element_draft', 1, 402, 210, false, '{"uid":31}'),
    ...round(2, 410),
    approval(true, 900),
    call('move_content_element', 2, 900, 0, true, NO_LONGER('move_content_element')),
    ...round(3, 910, 'stop'),
  ]),
  // Loop-level errors: a name no catalogue has, a tool the run may not use.
  run(UUIDS.loopErrors, { started_at: T + 200, configuration_identifier: 'seo-assistant' }, [
    ...round(1, 210),
    call('update_page_meta', 1, 213, 0.41, true, UNKNOWN('update_page_meta')),
    call('list_be_users', 1, 213, 0.3, true, NOT_PERMITTED('list_be_users')),
    ...round(2, 220, 'stop'),
  ]),
  // A question to the user, answered at round 0 before the turn's call ran.
  run(UUIDS.input, { started_at: T + 300 }, [
    ...round(1, 310),
    step('input', 0, 500, { submittedBy: EDITOR }),
    call('ask_choice', 1, 500, 1.2, false, 'B'),
    ...round(2, 510, 'stop'),
  ]),
  // Requeued once: the first attempt died at its first request; the second claim stamped
  // started_at again and began at round 1 while the sequence went on.
  run(UUIDS.requeued, { started_at: T + 1090, crdate: T + 1000, requeue_count: 1 }, [
    step('context', 1, 1001, { contentRedacted: true }),
    step('request', 1, 1001, {}),
    step('context', 1, 1090, { contentRedacted: true }),
    step('request', 1, 1090, {}),
    step('llm', 1, 1092, { finishReason: 'tool_calls', contentRedacted: true }, 1500),
    call('get_pagetree', 1, 1093, 12.75, false, '[]'),
    ...round(2, 1100, 'stop'),
  ]),
  // Stored at `full`: texts kept, results holding U+0000, a denied turn among them.
  run(UUIDS.full, { started_at: T + 1200 }, [
    step('context', 1, 1210, { messagesSent: [{ role: 'user', content: 'NEVER-SELECTED' }] }),
    step('request', 1, 1210, { toolSpecs: ['get_page_content'] }),
    step('llm', 1, 1212, { content: 'NEVER-SELECTED answer', finishReason: 'tool_calls' }, 900),
    fullTool('get_page_content', 1, 1213, 40, false, 'line one\u0000line two NEVER-SELECTED'),
    fullTool('create_page_draft', 1, 1214, 88.1, true, `${FAILED('create_page_draft')}\u0000`),
    ...round(2, 1220),
    approval(false, 1300),
    fullTool('create_page_draft', 2, 1300, 0, true, DENIED('create_page_draft')),
    ...round(3, 1310, 'stop'),
  ]),
  // Damaged rows: a payload that is no JSON, a toolIsError of the wrong type (both uncounted,
  // reported); an approval row whose payload is no JSON before a failing call of no time (which
  // is therefore counted failed: nothing says it was denied).
  run(UUIDS.damaged, { started_at: T + 1400 }, [
    ...round(1, 1410),
    { kind: 'tool', round: 1, duration_ms: 5, payload: '{"toolName":"get_tca",', crdate: T + 1413 },
    {
      kind: 'tool',
      round: 1,
      duration_ms: 5,
      payload: '{"kind":"tool","toolName":"get_tca","toolIsError":"yes"}',
      crdate: T + 1413,
    },
    ...round(2, 1420),
    { kind: 'approval', round: 0, duration_ms: 0, payload: '{"approved":fal', crdate: T + 1500 },
    call('update_page_metadata', 2, 1500, 0, true, DENIED('update_page_metadata')),
    ...round(3, 1510, 'stop'),
  ]),
  // Queued: not claimed yet, nothing recorded.
  run(
    UUIDS.queued,
    { status: 'queued', termination_reason: '', started_at: 0, crdate: T + 1600, finished_at: 0 },
    [],
  ),
  // Running: a call done, the next request on its way.
  run(UUIDS.running, { status: 'running', termination_reason: '', started_at: T + 1700 }, [
    ...round(1, 1710),
    call('search_records', 1, 1713, 22.5, false, '[]'),
    step('context', 2, 1720, { contentRedacted: true }),
    step('request', 2, 1720, {}),
  ]),
  // The argument check refused a turn; the model sent it again corrected.
  run(UUIDS.refused, { started_at: T + 1800 }, [
    ...round(1, 1810),
    {
      kind: 'tool',
      round: 1,
      duration_ms: 0.12,
      payload: json({
        kind: 'tool',
        round: 1,
        durationMs: 0.12,
        toolName: 'update_page_metadata',
        toolIsError: true,
        toolRefusal: 'arguments',
        contentRedacted: true,
      }),
      crdate: T + 1813,
    },
    {
      kind: 'tool',
      round: 1,
      duration_ms: 0.05,
      payload: json({
        kind: 'tool',
        round: 1,
        durationMs: 0.05,
        toolName: 'get_page_content',
        toolIsError: true,
        toolRefusal: 'turn',
        contentRedacted: true,
      }),
      crdate: T + 1813,
    },
    ...round(2, 1820),
    approval(true, 1900),
    call('update_page_metadata', 2, 1901, 130, false, '{"uid":7}'),
    call('get_page_content', 2, 1901, 30, false, '{"uid":7}'),
    ...round(3, 1910, 'stop'),
  ]),
]

/** The per-tool counts of the fixture's one day (2026-11-10, UTC), worked out from the rows. */
export const EXPECTED_BY_TOOL: Record<string, Record<string, number>> = {
  get_page_content: { succeeded: 3, denied: 1, 'refused:turn': 1 },
  update_page_metadata: { denied: 1, failed: 2, 'refused:arguments': 1, succeeded: 1 },
  create_content_element_draft: { succeeded: 1 },
  move_content_element: { failed: 1 },
  update_page_meta: { failed: 1 },
  list_be_users: { failed: 1 },
  ask_choice: { succeeded: 1 },
  get_pagetree: { succeeded: 1 },
  create_page_draft: { failed: 1, denied: 1 },
  search_records: { succeeded: 1 },
}

/** The runs the day holds and their flags: the queued run recorded no step. */
export const EXPECTED_RUNS = {
  runs: 9,
  runsWithCalls: 9,
  runsWithFailure: 4,
  runsWithRefusal: 1,
  runsByStatus: { completed: 8, running: 1 },
  unreadableToolSteps: 2,
}

/** Rows of the catalogue tables: servers hidden, unclassified, disabled, deleted; switches. */
export const EXTENSION_SERVERS = [
  {
    identifier: 'dam',
    requires_approval: 1,
    enabled: 1,
    hidden: 1,
    deleted: 0,
    data_class: 'editorContent',
  },
  { identifier: 'crm', requires_approval: 1, enabled: 1, hidden: 0, deleted: 0, data_class: '' },
  {
    identifier: 'wiki',
    requires_approval: 0,
    enabled: 0,
    hidden: 0,
    deleted: 0,
    data_class: 'publicContent',
  },
  {
    identifier: 'old',
    requires_approval: 1,
    enabled: 1,
    hidden: 0,
    deleted: 1,
    data_class: 'publicContent',
  },
  {
    identifier: 'odd',
    requires_approval: 1,
    enabled: 1,
    hidden: 0,
    deleted: 0,
    data_class: 'topSecret',
  },
]

/**
 * The tools, each with the `annotations` block its server sent as the CMS stores it (verbatim,
 * `json_encode`d, `[]` for an empty block, `''` for none): honest hints, hostile values, text
 * that is not JSON, and a block far longer than any honest one.
 */
export const EXTENSION_MCP_TOOLS = [
  {
    server: 'dam',
    tool_name: 'mcp_dam_search',
    remote_name: 'search',
    orphaned: 0,
    remote_annotations: '{"title":"Search","readOnlyHint":true,"openWorldHint":false}',
  },
  {
    server: 'dam',
    tool_name: 'mcp_dam_update',
    remote_name: 'update',
    orphaned: 0,
    remote_annotations:
      '{"title":"NEVER-SELECTED \\u0000 <b>","readOnlyHint":false,"destructiveHint":true,"idempotentHint":false}',
  },
  {
    server: 'dam',
    tool_name: 'mcp_dam_gone',
    remote_name: 'gone',
    orphaned: 1,
    remote_annotations: '',
  },
  {
    server: 'crm',
    tool_name: 'mcp_crm_find',
    remote_name: 'find',
    orphaned: 0,
    remote_annotations: '[]',
  },
  {
    server: 'wiki',
    tool_name: 'mcp_wiki_read',
    remote_name: 'read',
    orphaned: 0,
    remote_annotations:
      '{"readOnlyHint":"<img src=x onerror=alert(1)>","destructiveHint":1,"__proto__":{"readOnlyHint":true},"idempotentHint":null}',
  },
  {
    server: 'old',
    tool_name: 'mcp_old_read',
    remote_name: 'read',
    orphaned: 0,
    remote_annotations: '{"readOnlyHint":tru',
  },
  {
    server: 'odd',
    tool_name: 'mcp_odd_read',
    remote_name: 'read',
    orphaned: 0,
    remote_annotations: `{"readOnlyHint":true,"title":"NEVER-SELECTED ${'x'.repeat(60_000)}"}`,
  },
]

/**
 * What each MCP tool's server declares, worked out from the rows: only boolean hints of a JSON
 * object not longer than 4,096 characters; nothing from `[]`, hostile values, broken or huge text.
 */
export const EXPECTED_REMOTE_HINTS: Record<string, Record<string, boolean> | undefined> = {
  mcp_dam_search: { readOnlyHint: true, openWorldHint: false },
  mcp_dam_update: { readOnlyHint: false, destructiveHint: true, idempotentHint: false },
  mcp_dam_gone: undefined,
  mcp_crm_find: undefined,
  mcp_wiki_read: undefined,
  mcp_old_read: undefined,
  mcp_odd_read: undefined,
}

export const EXTENSION_TOOL_SWITCHES: [string, number][] = [
  ['mcp_dam_search', 1],
  ['mcp_dam_gone', 1],
  ['mcp_crm_find', 1],
  ['mcp_wiki_read', 1],
  ['mcp_old_read', 1],
  ['mcp_odd_read', 1],
  ['update_page_metadata', 1],
  ['get_tca', 0],
]
export const EXTENSION_GROUP_SWITCHES: [string, number][] = [['accounts', 0]]

/**
 * Built-in tools of the `--tools` file: writing tools off until switched on, reading tools on.
 * `list_be_users` is in the `accounts` group, switched off.
 */
export const EXTENSION_BUILTINS = [
  builtin('update_page_metadata', 'editing', 'idempotent_write', false),
  builtin('create_page_draft', 'editing', 'non_idempotent_write', false),
  builtin('get_page_content', 'content', 'read_only', true),
  builtin('get_tca', 'structure', 'read_only', true),
  builtin('list_be_users', 'accounts', 'read_only', true),
]

function builtin(name: string, group: string, effect: string, enabledByDefault: boolean) {
  return {
    name,
    source: 'builtin',
    server: null,
    group,
    effect,
    approval: effect !== 'read_only',
    input: false,
    parameters: { type: 'object', properties: {} },
    enabledByDefault,
  }
}

/**
 * Whether each tool is offered now, worked out from the rows: a hidden server counts, an
 * unclassified, unknown-class, disabled or deleted one does not; an orphaned tool is gone; MCP
 * tools are off until switched on (`mcp_dam_update` has no switch); built-ins by their default
 * unless switched; a group switched off wins.
 */
export const EXPECTED_OFFERED: Record<string, boolean> = {
  update_page_metadata: true,
  create_page_draft: false,
  get_page_content: true,
  get_tca: false,
  list_be_users: false,
  mcp_dam_search: true,
  mcp_dam_update: false,
  mcp_dam_gone: false,
  mcp_crm_find: false,
  mcp_wiki_read: false,
  mcp_old_read: false,
  mcp_odd_read: false,
}

/**
 * Writes the fixture into the CMS's (empty) tables as the CMS would: each run's row, then its
 * events in order (sequence 0, 1, …), the MCP servers and tools, and the switches.
 */
export async function writeExtensionRows(db: Database): Promise<void> {
  await writeRawRuns(db, EXTENSION_RUNS)
  for (const server of EXTENSION_SERVERS) {
    await insert(db, MCP_SERVERS, {
      ...server,
      url: 'https://NEVER-SELECTED.invalid',
      auth_credential: 'NEVER-SELECTED',
    })
  }
  const servers = await db.query(`SELECT uid, identifier FROM ${MCP_SERVERS}`)
  const serverUid = new Map(servers.map((row) => [text(row.identifier), num(row.uid)]))
  for (const { server, ...tool } of EXTENSION_MCP_TOOLS) {
    const schema = { type: 'object', properties: { query: { type: 'string' } } }
    await insert(db, MCP_TOOLS, {
      ...tool,
      server: serverUid.get(server) ?? 0,
      description: 'NEVER-SELECTED',
      input_schema: JSON.stringify(schema),
    })
  }
  for (const [tool_name, enabled] of EXTENSION_TOOL_SWITCHES)
    await insert(db, TOOL_STATES, { tool_name, enabled })
  for (const [group_name, enabled] of EXTENSION_GROUP_SWITCHES)
    await insert(db, TOOL_GROUP_STATES, { group_name, enabled })
}

/** Writes runs and their events row by row, as the CMS does (events numbered in list order). */
export async function writeRawRuns(db: Database, runs: readonly RawRun[]): Promise<void> {
  for (const { events, ...row } of runs) {
    await insert(db, RUNS, row)
    const [found] = await db.query(`SELECT MAX(uid) AS uid FROM ${RUNS}`)
    const uid = num(found?.uid)
    for (const [sequence, event] of events.entries()) {
      await insert(db, EVENTS, { run: uid, sequence, ...event })
    }
  }
}

async function insert(db: Database, table: string, row: Record<string, SqlValue>): Promise<void> {
  const columns = Object.keys(row)
  await db.query(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
    columns.map((column) => row[column] ?? null),
  )
}
