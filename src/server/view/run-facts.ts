/**
 * What the runs list needs of each run besides its status (decision 0028), in columns: a year of
 * a busy installation is hundreds of thousands of runs, and an object per run (with its two
 * times boxed) cost tens of megabytes more and half a second at every start. A saved table is
 * taken up as it was read from the view's file, without a copy.
 */

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

/** Reads a run's facts by uid. */
export interface FactsByUid {
  get(uid: number): RunFacts | undefined
}

export class RunFactsTable implements FactsByUid {
  private readonly slots = new Map<number, number>()
  private uuids: string[] = []
  private configurations: Int32Array = new Int32Array(1024)
  private names: string[] = []
  private readonly nameIds = new Map<string, number>()
  private started: Float64Array = new Float64Array(1024)
  private finished: Float64Array = new Float64Array(1024)
  private used = 0

  /** The table of `uids` (each once) and their facts, taking the arrays over. */
  static from(uids: Int32Array, data: RunFactsData): RunFactsTable {
    const table = new RunFactsTable()
    table.uuids = data.uuids
    table.configurations = data.configurations
    table.names = data.configurationNames
    data.configurationNames.forEach((name, id) => table.nameIds.set(name, id))
    table.started = data.started
    table.finished = data.finished
    for (let slot = 0; slot < uids.length; slot += 1) table.slots.set(uids[slot] as number, slot)
    table.used = uids.length
    return table
  }

  get(uid: number): RunFacts | undefined {
    const slot = this.slots.get(uid)
    if (slot === undefined) return undefined
    return {
      uuid: this.uuids[slot] ?? '',
      configuration: this.names[this.configurations[slot] as number] ?? '',
      started: this.started[slot] as number,
      finished: this.finished[slot] as number,
    }
  }

  /** Keeps `fact` for `uid`; whether anything changed. */
  set(uid: number, fact: RunFacts): boolean {
    let slot = this.slots.get(uid)
    const configuration = this.nameOf(fact.configuration)
    if (
      slot !== undefined &&
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
    this.uuids[slot] = fact.uuid
    this.configurations[slot] = configuration
    this.started[slot] = fact.started
    this.finished[slot] = fact.finished
    return true
  }

  delete(uid: number): void {
    this.slots.delete(uid)
  }

  clear(): void {
    this.slots.clear()
    this.uuids = []
    this.used = 0
  }

  /** The facts of `uids` in their order (a uid without facts gets empty ones). */
  dataOf(uids: Int32Array): RunFactsData {
    const data: RunFactsData = {
      uuids: [],
      configurations: new Int32Array(uids.length),
      configurationNames: this.names,
      started: new Float64Array(uids.length),
      finished: new Float64Array(uids.length),
    }
    const none = this.nameOf('')
    uids.forEach((uid, i) => {
      const slot = this.slots.get(uid)
      data.uuids.push(slot === undefined ? '' : (this.uuids[slot] ?? ''))
      data.configurations[i] = slot === undefined ? none : (this.configurations[slot] as number)
      data.started[i] = slot === undefined ? 0 : (this.started[slot] as number)
      data.finished[i] = slot === undefined ? 0 : (this.finished[slot] as number)
    })
    return data
  }

  private nameOf(configuration: string): number {
    let id = this.nameIds.get(configuration)
    if (id === undefined) {
      id = this.names.push(configuration) - 1
      this.nameIds.set(configuration, id)
    }
    return id
  }

  /** Room for `size` slots: the typed columns grow by half (taken-up ones are exactly full). */
  private grow(size: number): void {
    if (size <= this.started.length) return
    const length = Math.max(size, Math.ceil(this.started.length * 1.5), 1024)
    const configurations = new Int32Array(length)
    configurations.set(this.configurations)
    this.configurations = configurations
    for (const key of ['started', 'finished'] as const) {
      const next = new Float64Array(length)
      next.set(this[key])
      this[key] = next
    }
  }
}
