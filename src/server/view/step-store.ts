/**
 * What was counted once: the steps of the event table grouped by quarter hour, run, kind and the
 * raw texts of the fields the outcome rule reads, with how many steps each group holds. Columns
 * of 32-bit integers, so a year of a busy installation (a few million groups) fits in tens of
 * megabytes; runs and texts get small ids ({@link GroupIds}), each text decoded once.
 */
import { SUMMARY_GRAIN_MS } from '@/domain/api-query'
import { decodeOutcome, decodeToolName, type OutcomeFieldsOf } from '../read/outcome-pairs'
import { parseJsonText } from '../read/json-text'
import { UidSlots } from './uid-slots'

/** Seconds per bucket. Since 2023 every zone's offset and transition falls on a quarter hour. */
export const BUCKET_SECONDS = SUMMARY_GRAIN_MS / 1000

/** One group as the database returns it. */
export interface StepGroup {
  bucket: number
  run: number
  kind: string
  tool: string | null
  refusal: string | null
  isError: string | null
  /** A failing call's turn opener: the raw `approved` text of that approval, else null. */
  openedBy: string | null
  steps: number
  /**
   * The group's listed rounds ({@link ROUNDS_MASK_TOP} and below) as bits, or −round above;
   * each listed round holds as many of its steps as the others (`readStepGroups`).
   */
  rounds: number
}

/**
 * Rounds up to this are kept as the bits of a group's `rounds` (bit n − 1 for round n); a group
 * of a higher round holds that round alone, negated, so a run's distinct rounds stay exact.
 */
export const ROUNDS_MASK_TOP = 31

/** A kind, or a tool step's decoded fields, shared by all groups that have the same texts. */
export interface GroupKey {
  kind: string
  /** The name as a JSON string decodes (any string), for exact matching of a tool filter. */
  toolText: string | null
  /** The name the outcome rule accepts: a non-empty string. */
  toolName: string | null
  outcome: OutcomeFieldsOf | null
}

/**
 * The ids stores share: runs numbered 0, 1, … in the order first seen (so a fold can keep one
 * array slot per run), and each distinct group key once.
 */
/** A key's raw texts as the database gave them: kind, and for a tool step its four texts. */
export type RawKey =
  [kind: string] | [string, string | null, string | null, string | null, string | null]

/** What {@link GroupIds} holds, as plain data (for the view's file). */
export interface GroupIdsData {
  runUids: readonly number[]
  keys: readonly RawKey[]
}

export class GroupIds {
  readonly runUids: number[] = []
  readonly keys: GroupKey[] = []
  /** Each key's raw texts, by key id: what decodes to `keys` again. */
  readonly rawKeys: RawKey[] = []
  private runIds = new UidSlots()
  private readonly keyIds = new Map<string, number>()

  /** Ids as saved: run numbers and keys keep their numbers. */
  static from(data: GroupIdsData): GroupIds {
    const ids = new GroupIds()
    // Saved run uids are distinct (each was numbered once): run n is the n-th.
    for (const uid of data.runUids) ids.runUids.push(uid)
    ids.runIds = UidSlots.of(data.runUids)
    for (const raw of data.keys) ids.keyOfRaw(raw)
    return ids
  }

  get data(): GroupIdsData {
    return { runUids: this.runUids, keys: this.rawKeys }
  }

  /**
   * These ids without the runs `keep` rejects (by run number), the runs left numbered anew in
   * their order; keys keep their numbers. `runs[old]` is a run's new number, -1 when dropped.
   */
  keepingRuns(keep: (run: number) => boolean): { ids: GroupIds; runs: Int32Array } {
    const runs = new Int32Array(this.runUids.length).fill(-1)
    const runUids: number[] = []
    this.runUids.forEach((uid, run) => {
      if (keep(run)) runs[run] = runUids.push(uid) - 1
    })
    return { ids: GroupIds.from({ runUids, keys: this.rawKeys }), runs }
  }

  runOf(uid: number): number {
    let id = this.runIds.get(uid)
    if (id === undefined) {
      id = this.runUids.push(uid) - 1
      this.runIds.set(uid, id)
    }
    return id
  }

  keyOf(group: StepGroup): number {
    return this.keyOfRaw(
      group.kind === 'tool'
        ? [group.kind, group.tool, group.refusal, group.isError, group.openedBy]
        : [group.kind],
    )
  }

  private keyOfRaw(raw: RawKey): number {
    const text = JSON.stringify(raw)
    let id = this.keyIds.get(text)
    if (id === undefined) {
      const [kind, tool = null, refusal = null, isError = null, openedBy = null] = raw
      const isTool = raw.length > 1
      id =
        this.keys.push({
          kind,
          toolText: isTool ? stringOf(tool) : null,
          toolName: isTool ? decodeToolName(tool) : null,
          outcome: isTool ? decodeOutcome(refusal, isError, openedBy) : null,
        }) - 1
      this.rawKeys.push(raw)
      this.keyIds.set(text, id)
    }
    return id
  }
}

/**
 * A growing column of 32-bit integers. It grows by an eighth of its size (at least 64 Ki
 * groups), not by double: a year's store is tens of megabytes, and a doubled column would hold
 * as much again unused. The copies this costs while the first count runs take a fraction of a
 * second in all.
 */
class Column {
  constructor(public data: Int32Array = new Int32Array(1024)) {}
  grow(size: number): void {
    if (size <= this.data.length) return
    const next = new Int32Array(
      Math.max(size, this.data.length + Math.max(this.data.length >> 3, 65_536)),
    )
    next.set(this.data)
    this.data = next
  }
}

/** The groups, a column per field; row `i` of every column is one group. */
export interface GroupColumns {
  size: number
  buckets: Int32Array
  runs: Int32Array
  keys: Int32Array
  steps: Int32Array
  /** Per group: its listed rounds as bits, or −round (see {@link StepGroup.rounds}). */
  rounds: Int32Array
}

/** The names of the columns, in the order they are saved. */
export const COLUMN_NAMES = ['buckets', 'runs', 'keys', 'steps', 'rounds'] as const

export class StepStore {
  private readonly buckets = new Column()
  private readonly runs = new Column()
  private readonly keys = new Column()
  private readonly steps = new Column()
  private readonly rounds = new Column()
  size = 0
  /** The earliest and latest bucket held (an empty store: +∞ and -∞). */
  minBucket = Number.POSITIVE_INFINITY
  maxBucket = Number.NEGATIVE_INFINITY

  constructor(readonly ids: GroupIds) {}

  /** A store holding `columns` (as saved; the arrays are taken over, not copied). */
  static from(ids: GroupIds, columns: GroupColumns): StepStore {
    const store = new StepStore(ids)
    store.buckets.data = columns.buckets
    store.runs.data = columns.runs
    store.keys.data = columns.keys
    store.steps.data = columns.steps
    store.rounds.data = columns.rounds
    store.size = columns.size
    for (let i = 0; i < columns.size; i += 1) store.span(columns.buckets[i] as number)
    return store
  }

  /**
   * A store of `ids` holding this store's groups of the runs `runs` keeps (see
   * {@link GroupIds.keepingRuns}), numbered anew; the arrays are exactly as long as needed.
   */
  keepingRuns(ids: GroupIds, runs: Int32Array): StepStore {
    let kept = 0
    for (let i = 0; i < this.size; i += 1)
      if ((runs[this.runs.data[i] as number] as number) >= 0) kept += 1
    const columns: GroupColumns = {
      size: kept,
      buckets: new Int32Array(kept),
      runs: new Int32Array(kept),
      keys: new Int32Array(kept),
      steps: new Int32Array(kept),
      rounds: new Int32Array(kept),
    }
    let at = 0
    for (let i = 0; i < this.size; i += 1) {
      const run = runs[this.runs.data[i] as number] as number
      if (run < 0) continue
      columns.buckets[at] = this.buckets.data[i] as number
      columns.runs[at] = run
      columns.keys[at] = this.keys.data[i] as number
      columns.steps[at] = this.steps.data[i] as number
      columns.rounds[at] = this.rounds.data[i] as number
      at += 1
    }
    return StepStore.from(ids, columns)
  }

  add(groups: Iterable<StepGroup>): void {
    for (const group of groups) {
      const at = this.size
      for (const column of this.allColumns) column.grow(at + 1)
      this.buckets.data[at] = group.bucket
      this.runs.data[at] = this.ids.runOf(group.run)
      this.keys.data[at] = this.ids.keyOf(group)
      this.steps.data[at] = group.steps
      this.rounds.data[at] = group.rounds
      this.size = at + 1
      this.span(group.bucket)
    }
  }

  /**
   * Lets go of the room the columns grew into: after the first count, a third of them can be
   * unused. One column at a time, so the copy adds a quarter of the store at most, briefly.
   */
  trim(): void {
    for (const column of this.allColumns) {
      if (column.data.length > this.size) column.data = column.data.slice(0, this.size)
    }
  }

  private get allColumns(): Column[] {
    return [this.buckets, this.runs, this.keys, this.steps, this.rounds]
  }

  private span(bucket: number): void {
    if (bucket < this.minBucket) this.minBucket = bucket
    if (bucket > this.maxBucket) this.maxBucket = bucket
  }

  /** The columns, each holding `size` groups first (and room after them). */
  get columns(): GroupColumns {
    return {
      size: this.size,
      buckets: this.buckets.data,
      runs: this.runs.data,
      keys: this.keys.data,
      steps: this.steps.data,
      rounds: this.rounds.data,
    }
  }

  /** Whether `other` holds the same groups in the same order (of the same ids). */
  holdsTheSameAs(other: StepStore): boolean {
    if (other.size !== this.size || other.ids !== this.ids) return false
    const mine = this.columns
    const theirs = other.columns
    for (const column of COLUMN_NAMES) {
      const a = mine[column]
      const b = theirs[column]
      for (let i = 0; i < this.size; i += 1) if (a[i] !== b[i]) return false
    }
    return true
  }

  /** Bytes held by the columns (texts not included). */
  get bytes(): number {
    return this.allColumns.reduce((total, column) => total + column.data.byteLength, 0)
  }
}

function stringOf(raw: string | null): string | null {
  if (raw === null) return null
  try {
    const value: unknown = parseJsonText(raw)
    return typeof value === 'string' ? value : null
  } catch {
    return null
  }
}
