/** Cells a dense tally may hold (4 MB); past it, calls are summed in a map of the cells used. */
const DENSE_CELLS = 1 << 20

/**
 * Calls summed by (day, row) while a fold runs: an array with a cell per pair when the range's
 * days times the summary's rows are few (every ordinary installation), a map of the pairs seen
 * otherwise (thousands of tool names over a long range), so memory stays bounded either way.
 */
export class CallTally {
  private readonly dense: Int32Array | null
  private readonly sparse = new Map<number, number>()

  constructor(
    days: number,
    private readonly rows: number,
    denseCells = DENSE_CELLS,
  ) {
    this.dense = days * rows <= denseCells ? new Int32Array(days * rows) : null
  }

  add(day: number, row: number, calls: number): void {
    const cell = day * this.rows + row
    if (this.dense !== null) this.dense[cell] = (this.dense[cell] as number) + calls
    else this.sparse.set(cell, (this.sparse.get(cell) ?? 0) + calls)
  }

  /** Every pair with calls. */
  forEach(visit: (day: number, row: number, calls: number) => void): void {
    const each = (calls: number, cell: number) => {
      if (calls > 0) visit(Math.floor(cell / this.rows), cell % this.rows, calls)
    }
    if (this.dense !== null) this.dense.forEach(each)
    else this.sparse.forEach(each)
  }
}
