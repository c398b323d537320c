/**
 * Each run the view knows, in columns (decisions 0022, 0028): its status, and what the runs list
 * needs besides — uuid, configuration, start and end. A year of a busy installation is hundreds
 * of thousands of runs; a map entry and an object per run (its two times boxed) cost tens of
 * megabytes and half a second at every start. One index by uid ({@link UidSlots}) gives a run's
 * slot in the columns; a saved table is taken up as it was read from the view's file, without a
 * copy.
 */
import { UidSlots } from './uid-slots'

/** A run's facts as the runs list reads them. */
export interface RunFacts {
  uuid: string
  configuration: string
  /** Start and end in epoch seconds as `/runs` reads them; `finished` ≤ 0 while unfinished. */
  started: number
  finished: number
}

/** The facts of runs in the order of a list of uids, as the view's file holds them. */
export interface RunFactsData {
  uuids: string[]
  configurations: Int32Array
  configurationNames: string[]
  started: Float64Array
  finished: Float64Array
}

/** The runs of a table in the view's file: uids, statuses (ids into `names`) and facts. */
export interface RunTableData {
  uids: Int32Array
  statuses: Int32Array
  names: string[]
  facts: RunFactsData
}

/** Reads a run's facts by uid. */
export interface FactsByUid {
  get(uid: number): RunFacts | undefined
}

/** Ids for a few texts (statuses, configurations), each text once. */
class Names {
  readonly ids = new Map<string, number>()
  constructor(readonly names: string[] = []) {
    names.forEach((name, id) => this.ids.set(name, id))
  }
  idOf(name: string): number {
    let id = this.ids.get(name)
    if (id === undefined) this.ids.set(name, (id = this.names.push(name) - 1))
    return id
  }
}

export class RunTable implements FactsByUid {
  private slots = new UidSlots()
  private uuids: string[] = []
  private statuses: Int32Array = new Int32Array(1024)
  private configurations: Int32Array = new Int32Array(1024)
  private started: Float64Array = new Float64Array(1024)
  private finished: Float64Array = new Float64Array(1024)
  private statusNames = new Names()
  private configurationNames = new Names()
  private used = 0

  /** The table of `data` (each uid once), taking its arrays over. */
  static from(data: RunTableData): RunTable {
    const table = new RunTable()
    table.uuids = data.facts.uuids
    table.statuses = data.statuses
    table.configurations = data.facts.configurations
    table.started = data.facts.started
    table.finished = data.facts.finished
    table.statusNames = new Names([...data.names])
    table.configurationNames = new Names([...data.facts.configurationNames])
    table.slots = UidSlots.of(data.uids)
    table.used = data.uids.length
    return table
  }

  get size(): number {
    return this.slots.size
  }

  has(uid: number): boolean {
    return this.slots.has(uid)
  }

  statusOf(uid: number): string | undefined {
    const slot = this.slots.get(uid)
    return slot === undefined ? undefined : this.statusNames.names[this.statuses[slot] as number]
  }

  get(uid: number): RunFacts | undefined {
    const slot = this.slots.get(uid)
    if (slot === undefined) return undefined
    return {
      uuid: this.uuids[slot] ?? '',
      configuration: this.configurationNames.names[this.configurations[slot] as number] ?? '',
      started: this.started[slot] as number,
      finished: this.finished[slot] as number,
    }
  }

  /** Keeps `status` and `fact` for `uid`; whether anything changed. */
  set(uid: number, status: string, fact: RunFacts): boolean {
    let slot = this.slots.get(uid)
    const statusId = this.statusNames.idOf(status)
    const configuration = this.configurationNames.idOf(fact.configuration)
    if (
      slot !== undefined &&
      this.statuses[slot] === statusId &&
      this.uuids[slot] === fact.uuid &&
      this.configurations[slot] === configuration &&
      Object.is(this.started[slot], fact.started) &&
      Object.is(this.finished[slot], fact.finished)
    ) {
      return false
    }
    if (slot === undefined) {
      slot = this.used
      this.used += 1
      this.grow(this.used)
      this.slots.set(uid, slot)
    }
    this.statuses[slot] = statusId
    this.uuids[slot] = fact.uuid
    this.configurations[slot] = configuration
    this.started[slot] = fact.started
    this.finished[slot] = fact.finished
    return true
  }

  /** Forgets `uid`; whether it was known. */
  delete(uid: number): boolean {
    return this.slots.delete(uid)
  }

  clear(): void {
    this.slots.clear()
    this.uuids = []
    this.used = 0
  }

  /** Every run known, as the view's file keeps them. */
  get data(): RunTableData {
    const size = this.slots.size
    const data: RunTableData = {
      uids: new Int32Array(size),
      statuses: new Int32Array(size),
      names: this.statusNames.names,
      facts: {
        uuids: [],
        configurations: new Int32Array(size),
        configurationNames: this.configurationNames.names,
        started: new Float64Array(size),
        finished: new Float64Array(size),
      },
    }
    let i = 0
    for (const [uid, slot] of this.slots.entries()) {
      data.uids[i] = uid
      data.statuses[i] = this.statuses[slot] as number
      data.facts.uuids.push(this.uuids[slot] ?? '')
      data.facts.configurations[i] = this.configurations[slot] as number
      data.facts.started[i] = this.started[slot] as number
      data.facts.finished[i] = this.finished[slot] as number
      i += 1
    }
    return data
  }

  /** Room for `size` slots: the typed columns grow by half (taken-up ones are exactly full). */
  private grow(size: number): void {
    if (size <= this.started.length) return
    const length = Math.max(size, Math.ceil(this.started.length * 1.5), 1024)
    for (const key of ['statuses', 'configurations'] as const) {
      const next = new Int32Array(length)
      next.set(this[key])
      this[key] = next
    }
    for (const key of ['started', 'finished'] as const) {
      const next = new Float64Array(length)
      next.set(this[key])
      this[key] = next
    }
  }
}
