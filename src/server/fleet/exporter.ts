import type { BuiltinTool } from '@/domain/contract'
import { num, text, type Database, type Row } from '../db/database'
import { exportedEventRows } from '../read/events'
import { parseJsonText } from '../read/json-text'
import { readTools } from '../read/tools'
import { integerIn, raw, sql } from '../sql/fragment'
import { keyAlias, PAYLOAD_KEYS } from '../sql/payload-keys'
import { RUNS } from '../sql/tables'
import { settingsSchema, type Settings } from '../setup/settings'
import { readDenyingStepRows, topEventUid } from '../view/read-step-groups'
import type { RunFacts } from '../view/run-facts'
import { RunStatuses } from '../view/run-statuses'
import { VIEW_TIMINGS } from '../view/timings'
import type { ClickHouse, ClickHouseRow } from './clickhouse'
import { deriveStepRows } from './derived-steps'
import { rollUpRuns } from './run-rollup'
import {
  compactSettled,
  ensureSchema,
  EXPORT_FORMAT,
  FROM_STEPS,
  installationNameProblem,
} from './schema'

/** Uids read from the CMS's event table per statement. */
const CHUNK_UIDS = 100_000
/** Chunks read while an earlier one is sent. */
const READ_AHEAD = 2

export interface ExportPass {
  /** Steps sent (rows of the settled range and the tail, read again each pass). */
  steps: number
  /** Runs sent: new or changed, and those marked gone. */
  runs: number
  gone: number
  settledUid: number
  topUid: number
}

const signature = (status: string, fact: RunFacts) =>
  JSON.stringify([status, fact.uuid, fact.configuration, fact.started, fact.finished])

/**
 * Copies one installation's runs and steps into ClickHouse as metadata-only rows, keeping them
 * current pass by pass with the server view's own rules (decisions 0015, 0022): steps up to the
 * top uid seen `settleMs` ago are sent once for good, those above it again on every pass (a late
 * commit, a lower uid committed after a higher one); runs by the run table's refresh rule (new,
 * not final, changed, a full reread after a purge), a run no longer recorded sent as gone. Every
 * row is sent with a higher version than before, so a repeat replaces itself. Where it stopped
 * is kept in `rd_exports`: a new exporter resumes there.
 */
export class Exporter {
  private statuses = new RunStatuses()
  /** What was last sent of each live run: its signature. Null until read from ClickHouse. */
  private sent: Map<number, string> | null = null
  /** `statuses.version` when the runs were last compared with what was sent. */
  private comparedVersion = -1
  private settledUid = -1
  private seen: { at: number; top: number }[] = []
  private version = 0

  constructor(
    private readonly db: Database,
    private readonly ch: ClickHouse,
    readonly installation: string,
    private readonly options: {
      settleMs?: number
      now?: () => number
      /** The CMS's configuration beside its tables (`--settings`), sent for `/meta`. */
      settings?: Settings
      /** The built-in catalogue (`--tools`), sent with the MCP tools for `/tools`. */
      builtinTools?: readonly BuiltinTool[] | null
    } = {},
  ) {
    const problem = installationNameProblem(installation)
    if (problem !== null) throw new Error(problem)
  }

  private now(): number {
    return (this.options.now ?? Date.now)()
  }

  private nextVersion(): number {
    this.version = Math.max(this.version + 1, Date.now())
    return this.version
  }

  /** One pass: what changed since the last one is sent. */
  async pass(): Promise<ExportPass> {
    const started = this.now()
    if (this.settledUid < 0) await this.resume()
    const version = this.nextVersion()
    const top = await topEventUid(this.db)
    if (top < this.settledUid) {
      // The event table holds less than was sent (emptied, restored): send it again whole.
      // Synchronous: rows sent after it must not be caught by it, rows before it not answered.
      for (const table of FROM_STEPS) {
        await this.ch.command(
          `ALTER TABLE ${table} DELETE WHERE installation = {i:String} SETTINGS mutations_sync = 2`,
          { i: this.installation },
        )
      }
      this.settledUid = 0
      this.seen = []
    }
    const settleTo = this.settleTarget(started, top)
    let steps = 0
    /** Runs whose steps or run row this pass sends: counted again after it. */
    const touched = new Set<number>()
    // A chunk's two reads at once, and two chunks read ahead of the one being sent: the database
    // (a server, or SQLite's reader threads) answers while Node and ClickHouse store the rows.
    const readChunk = (after: number) => {
      const upTo = Math.min(after + CHUNK_UIDS, top)
      const read = Promise.all([
        exportedEventRows(this.db, after, upTo),
        readDenyingStepRows(this.db, after, upTo),
      ]).then(([events, denying]) => ({ after, upTo, events, denying }))
      // Awaited in its turn; a pass that fails before then must not leave it unhandled.
      read.catch(() => undefined)
      return read
    }
    const reads: ReturnType<typeof readChunk>[] = []
    let unread = this.settledUid
    const readAhead = () => {
      for (; reads.length < READ_AHEAD && unread < top; unread += CHUNK_UIDS) {
        reads.push(readChunk(unread))
      }
    }
    readAhead()
    for (let read = reads.shift(); read !== undefined; read = reads.shift()) {
      const { after, upTo, events, denying } = await read
      readAhead()
      const sent = events.map((row) => eventRow(this.installation, row, version))
      await this.ch.insert('rd_events', sent)
      await this.ch.insert(
        'rd_steps',
        denying.rows.map((row) => ({
          installation: this.installation,
          uid: row.uid,
          run: row.run,
          crdate: row.crdate,
          lround: row.lround,
          kind: row.kind,
          tool: row.tool,
          refusal: row.refusal,
          is_error: row.isError,
          opened_by: row.openedBy,
          version,
        })),
      )
      await deriveStepRows(this.ch, this.installation, version, { after, upTo }, denying.runs)
      for (const row of sent) {
        if (row.lround === null) continue
        steps += 1
        touched.add(row.run as number)
      }
    }
    const runs = await this.sendRuns(version, touched)
    await rollUpRuns(this.ch, this.installation, touched, version)
    if (steps > 0) await compactSettled(this.ch, this.installation)
    const builtin = this.options.builtinTools ?? null
    const catalogue = await readTools(this.db, builtin ?? [])
    const tools = { tools: catalogue.tools, ...(builtin === null ? { builtinListed: false } : {}) }
    this.settledUid = Math.max(this.settledUid, settleTo)
    this.seen.push({ at: started, top })
    await this.ch.insert('rd_exports', [
      {
        installation: this.installation,
        settled_uid: this.settledUid,
        top_uid: top,
        steps,
        runs: runs.sent,
        settings: JSON.stringify(this.options.settings ?? settingsSchema.parse({})),
        tools: JSON.stringify(tools),
        format: EXPORT_FORMAT,
        exported_at: new Date(this.now()).toISOString().replace('T', ' ').replace('Z', ''),
        version,
      },
    ])
    return { steps, runs: runs.sent, gone: runs.gone, settledUid: this.settledUid, topUid: top }
  }

  /** Where the last exporter of this installation stopped, and the runs it left live. */
  private async resume(): Promise<void> {
    await ensureSchema(this.ch)
    const [done] = await this.ch.query(
      `SELECT settled_uid, format FROM rd_exports FINAL WHERE installation = {i:String}`,
      { i: this.installation },
    )
    // An export of an older format is sent again whole, runs and steps.
    const current = done !== undefined && num(done.format) >= EXPORT_FORMAT
    this.settledUid = current ? num(done.settled_uid) : 0
    this.sent = new Map()
    if (!current) return
    const live = await this.ch.query(
      `SELECT uid, status, uuid, configuration, started, finished, version
       FROM rd_runs FINAL WHERE installation = {i:String} AND gone = 0`,
      { i: this.installation },
    )
    for (const row of live) {
      const fact = {
        uuid: String(row.uuid),
        configuration: String(row.configuration),
        started: num(row.started),
        finished: num(row.finished),
      }
      this.sent.set(num(row.uid), signature(String(row.status), fact))
      this.version = Math.max(this.version, num(row.version))
    }
  }

  /** Uncounted, every visible row is settled; later only those seen `settleMs` ago. */
  private settleTarget(now: number, top: number): number {
    if (this.settledUid === 0 && this.seen.length === 0) return top
    const settleMs = this.options.settleMs ?? VIEW_TIMINGS.settleMs
    let target = this.settledUid
    while (this.seen.length > 0 && now - (this.seen[0]?.at ?? now) >= settleMs) {
      target = Math.max(target, this.seen.shift()?.top ?? 0)
    }
    return target
  }

  /** Sends the runs added, changed or gone since the last pass; adds their uids to `touched`. */
  private async sendRuns(
    version: number,
    touched: Set<number>,
  ): Promise<{ sent: number; gone: number }> {
    await this.statuses.refresh(this.db)
    // No run added, removed or changed since the runs were last compared: nothing to send.
    if (this.statuses.version === this.comparedVersion) return { sent: 0, gone: 0 }
    this.comparedVersion = this.statuses.version
    const sent = this.sent ?? new Map<number, string>()
    const rows: ClickHouseRow[] = []
    const live = new Set<number>()
    const table = this.statuses.data
    table.uids.forEach((uid, at) => {
      if (uid >= MAX_RUN_UID)
        throw new Error(`run uid ${uid} is beyond what a fleet's run key holds (2^48)`)
      live.add(uid)
      const status = table.names[table.statuses[at] as number] ?? ''
      const fact: RunFacts = {
        uuid: table.facts.uuids[at] ?? '',
        configuration:
          table.facts.configurationNames[table.facts.configurations[at] as number] ?? '',
        started: table.facts.started[at] as number,
        finished: table.facts.finished[at] as number,
      }
      const now = signature(status, fact)
      if (sent.get(uid) === now) return
      sent.set(uid, now)
      rows.push({ ...runRow(this.installation, uid, status, fact), gone: 0, version })
    })
    let gone = 0
    for (const uid of [...sent.keys()]) {
      if (live.has(uid)) continue
      sent.delete(uid)
      gone += 1
      rows.push({ ...runRow(this.installation, uid, '', EMPTY), gone: 1, version })
    }
    await this.ch.insert('rd_runs', await withEnds(this.db, rows))
    for (const row of rows) touched.add(row.uid as number)
    this.sent = sent
    return { sent: rows.length, gone }
  }
}

/** A run's uid must fit below bit 48 of the fleet's run keys (`fleet-summary.ts`). */
const MAX_RUN_UID = 2 ** 48

/** Run uids asked about in one statement. */
const RUN_BATCH = 1000

/**
 * `rows` with each run's termination reason and attempts (read now: what `/runs` lists besides
 * the view's facts). A run whose only change is its termination reason is not sent again; the
 * CMS sets it with the final status, which is.
 */
async function withEnds(db: Database, rows: ClickHouseRow[]): Promise<ClickHouseRow[]> {
  const ends = new Map<number, { reason: string; requeued: number }>()
  const live = rows.filter((row) => row.gone === 0).map((row) => row.uid as number)
  for (let at = 0; at < live.length; at += RUN_BATCH) {
    const uids = live.slice(at, at + RUN_BATCH)
    const read = sql`SELECT r.uid, r.termination_reason, r.requeue_count FROM ${raw(RUNS)} r
      WHERE ${integerIn('r.uid', uids)}`
    for (const row of await db.query(read.sql, read.params)) {
      const reason = text(row.termination_reason) ?? ''
      ends.set(num(row.uid), { reason, requeued: Math.max(0, num(row.requeue_count) || 0) })
    }
  }
  return rows.map((row) => {
    const end = ends.get(row.uid as number)
    return { ...row, termination_reason: end?.reason ?? '', requeue_count: end?.requeued ?? 0 }
  })
}

/** One event row as `rd_events` keeps it (`exportedEventRows`' columns; see schema.ts). */
function eventRow(installation: string, row: Row, version: number): ClickHouseRow {
  const out: ClickHouseRow = {
    installation,
    uid: num(row.uid),
    run: num(row.run),
    sequence: num(row.sequence),
    kind: text(row.kind) ?? '',
    round: finite(num(row.round)),
    duration_ms: finite(num(row.duration_ms)),
    crdate: num(row.crdate),
    lround: finite(num(row.lround)),
    is_object: num(row.is_object) === 1 ? 1 : 0,
    tool_name: nameOf(text(row[keyAlias('toolName')])),
    version,
  }
  for (const key of PAYLOAD_KEYS) out[keyAlias(key)] = text(row[keyAlias(key)])
  return out
}

/** A number, or null where the column held none (read back as the CMS's row reads). */
const finite = (value: number): number | null => (Number.isFinite(value) ? value : null)

/** The name a `toolName` JSON text gives when it is a string (as the engines' `textIn` reads it). */
function nameOf(json: string | null): string | null {
  if (json === null) return null
  try {
    const value = parseJsonText(json)
    return typeof value === 'string' ? value : null
  } catch {
    return null
  }
}

const EMPTY: RunFacts = { uuid: '', configuration: '', started: 0, finished: 0 }

function runRow(installation: string, uid: number, status: string, fact: RunFacts) {
  return {
    installation,
    uid,
    status,
    uuid: fact.uuid,
    configuration: fact.configuration,
    started: fact.started,
    finished: fact.finished,
  }
}
