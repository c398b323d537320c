/**
 * Each run's status by the run numbers of {@link GroupIds}, as small ids: what a fold reads per
 * run, kept between answers so no answer looks up hundreds of thousands of runs in a map.
 */
import type { GroupIds } from './step-store'
import type { RunStatuses } from './run-statuses'

export interface RunStatusIndex {
  /** Per run number: an index into `names`, or -1 when the run is not recorded (purged). */
  status: Int32Array
  names: string[]
}

/** The statuses of runs `uids` (run number = place), each status's name once; -1 for none. */
export function statusIndexOf(
  uids: ArrayLike<number>,
  statusOf: (uid: number) => string | undefined,
): RunStatusIndex {
  const names: string[] = []
  const nameIds = new Map<string, number>()
  const status = new Int32Array(uids.length).fill(-1)
  for (let run = 0; run < uids.length; run += 1) {
    const name = statusOf(uids[run] as number)
    if (name === undefined) continue
    let id = nameIds.get(name)
    if (id === undefined) nameIds.set(name, (id = names.push(name) - 1))
    status[run] = id
  }
  return { status, names }
}

export class RunStatusIndexer {
  private latest: RunStatusIndex = { status: new Int32Array(0), names: [] }
  private builtFor = { runs: -1, version: -1 }

  constructor(
    private readonly ids: GroupIds,
    private readonly statuses: RunStatuses,
  ) {}

  /** The index as of the runs numbered and the statuses read so far; rebuilt when either moved. */
  index(): RunStatusIndex {
    const runs = this.ids.runUids.length
    const version = this.statuses.version
    if (runs === this.builtFor.runs && version === this.builtFor.version) return this.latest
    this.latest = statusIndexOf(this.ids.runUids, (uid) => this.statuses.statusOf(uid))
    this.builtFor = { runs, version }
    return this.latest
  }
}
