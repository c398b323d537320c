/**
 * What was counted once: the steps of the event table grouped by quarter hour, run, kind and the
 * raw texts of the fields the outcome rule reads, with how many steps each group holds. Columns
 * of 32-bit integers, so a year of a busy installation (a few million groups) fits in tens of
 * megabytes; runs and texts get small ids ({@link GroupIds}), each text decoded once.
 */
import { decodeOutcome, decodeToolName, type OutcomeFieldsOf } from '../read/outcome-pairs'
import { parseJsonText } from '../read/json-text'

/** Seconds per bucket. Since 2023 every zone's offset and transition falls on a quarter hour. */
export const BUCKET_SECONDS = 900

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
}

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
export class GroupIds {
  readonly runUids: number[] = []
  readonly keys: GroupKey[] = []
  private readonly runIds = new Map<number, number>()
  private readonly keyIds = new Map<string, number>()

  runOf(uid: number): number {
    let id = this.runIds.get(uid)
    if (id === undefined) {
      id = this.runUids.push(uid) - 1
      this.runIds.set(uid, id)
    }
    return id
  }

  keyOf(group: StepGroup): number {
    const tool = group.kind === 'tool'
    const text = JSON.stringify(
      tool ? [group.kind, group.tool, group.refusal, group.isError, group.openedBy] : [group.kind],
    )
    let id = this.keyIds.get(text)
    if (id === undefined) {
      id =
        this.keys.push({
          kind: group.kind,
          toolText: tool ? stringOf(group.tool) : null,
          toolName: tool ? decodeToolName(group.tool) : null,
          outcome: tool ? decodeOutcome(group.refusal, group.isError, group.openedBy) : null,
        }) - 1
      this.keyIds.set(text, id)
    }
    return id
  }
}

class Column {
  data = new Int32Array(1024)
  grow(size: number): void {
    if (size <= this.data.length) return
    const next = new Int32Array(Math.max(size, this.data.length * 2))
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
}

export class StepStore {
  private readonly buckets = new Column()
  private readonly runs = new Column()
  private readonly keys = new Column()
  private readonly steps = new Column()
  size = 0

  constructor(readonly ids: GroupIds) {}

  add(groups: Iterable<StepGroup>): void {
    for (const group of groups) {
      const at = this.size
      for (const column of [this.buckets, this.runs, this.keys, this.steps]) column.grow(at + 1)
      this.buckets.data[at] = group.bucket
      this.runs.data[at] = this.ids.runOf(group.run)
      this.keys.data[at] = this.ids.keyOf(group)
      this.steps.data[at] = group.steps
      this.size = at + 1
    }
  }

  get columns(): GroupColumns {
    return {
      size: this.size,
      buckets: this.buckets.data,
      runs: this.runs.data,
      keys: this.keys.data,
      steps: this.steps.data,
    }
  }

  /** Bytes held by the columns (texts not included). */
  get bytes(): number {
    return [this.buckets, this.runs, this.keys, this.steps].reduce(
      (total, column) => total + column.data.byteLength,
      0,
    )
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
