/**
 * What was counted once: the steps of the event table grouped by quarter hour, run, kind and the
 * raw texts of the fields the outcome rule reads, with how many steps each group holds. Columns
 * of 32-bit integers, so a year of a busy installation (a few million groups) fits in tens of
 * megabytes; texts are kept once each and decoded once.
 */
import { decodeOutcome, decodeToolName } from '../read/outcome-pairs'
import type { Step } from '../../domain/contract'

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
  steps: number
}

/** A kind, or a tool step's decoded fields, shared by all groups that have the same texts. */
export interface GroupKey {
  kind: string
  /** The name as a JSON string decodes (any string), for exact matching of a tool filter. */
  toolText: string | null
  /** The name the outcome rule accepts: a non-empty string. */
  toolName: string | null
  outcome: Pick<Step, 'toolRefusal' | 'toolIsError'> | null
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

export class StepStore {
  private readonly buckets = new Column()
  private readonly runs = new Column()
  private readonly keys = new Column()
  private readonly counts = new Column()
  private readonly keyIds = new Map<string, number>()
  readonly groupKeys: GroupKey[] = []
  size = 0

  add(groups: Iterable<StepGroup>): void {
    for (const group of groups) {
      const at = this.size
      for (const column of [this.buckets, this.runs, this.keys, this.counts]) column.grow(at + 1)
      this.buckets.data[at] = group.bucket
      this.runs.data[at] = group.run
      this.keys.data[at] = this.keyOf(group)
      this.counts.data[at] = group.steps
      this.size = at + 1
    }
  }

  /** Calls `visit` for every group whose bucket is in `[first, end)`. */
  forEachIn(
    first: number,
    end: number,
    visit: (bucket: number, run: number, key: GroupKey, steps: number) => void,
  ): void {
    const buckets = this.buckets.data
    for (let i = 0; i < this.size; i += 1) {
      const bucket = buckets[i] as number
      if (bucket < first || bucket >= end) continue
      visit(
        bucket,
        this.runs.data[i] as number,
        this.groupKeys[this.keys.data[i] as number] as GroupKey,
        this.counts.data[i] as number,
      )
    }
  }

  /** Bytes held by the columns (texts not included). */
  get bytes(): number {
    return [this.buckets, this.runs, this.keys, this.counts].reduce(
      (total, column) => total + column.data.byteLength,
      0,
    )
  }

  private keyOf(group: StepGroup): number {
    const tool = group.kind === 'tool'
    const text = JSON.stringify(
      tool ? [group.kind, group.tool, group.refusal, group.isError] : [group.kind],
    )
    let id = this.keyIds.get(text)
    if (id === undefined) {
      id = this.groupKeys.length
      this.groupKeys.push({
        kind: group.kind,
        toolText: tool ? stringOf(group.tool) : null,
        toolName: tool ? decodeToolName(group.tool) : null,
        outcome: tool ? decodeOutcome(group.refusal, group.isError) : null,
      })
      this.keyIds.set(text, id)
    }
    return id
  }
}

function stringOf(raw: string | null): string | null {
  if (raw === null) return null
  try {
    const value: unknown = JSON.parse(raw)
    return typeof value === 'string' ? value : null
  } catch {
    return null
  }
}
