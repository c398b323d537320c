/** One printed benchmark figure. `goal` states the target in words; `met` is null when the row is for information. */
export interface BenchRow {
  bench: string
  figure: string
  value: number
  unit: string
  goal?: string
  met?: boolean | null
}

/** Runs `fn` repeatedly for at least `minMs` and returns operations per second. */
export function opsPerSecond(fn: () => void, minMs = 1000): number {
  let ops = 0
  const start = performance.now()
  let elapsed = 0
  while (elapsed < minMs) {
    for (let i = 0; i < 1000; i++) fn()
    ops += 1000
    elapsed = performance.now() - start
  }
  return (ops / elapsed) * 1000
}

/** Median wall time of `runs` calls of `fn`, in milliseconds. */
export function medianMs(fn: () => void, runs = 5): number {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    fn()
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)] ?? Number.NaN
}
