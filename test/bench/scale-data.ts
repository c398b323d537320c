import { createInstallation } from '@/mocks/installation'

/** The demo installation at about 100,000 runs, as the JSON pages `GET /runs?limit=500` serves. */
export interface ScaleData {
  pages: string[]
  runs: number
  steps: number
  toolSteps: number
  buildMs: number
}

let cached: ScaleData | null = null

/** Builds (once per process) every page of the scaled demo installation as JSON text. */
export function scaleData(scale = 168): ScaleData {
  if (cached) return cached
  const start = performance.now()
  const installation = createInstallation({ scale })
  const pages: string[] = []
  let after: string | null = null
  let runs = 0
  let steps = 0
  let toolSteps = 0
  for (;;) {
    const slice = installation.queryRuns({ from: null, to: null, tools: [] }, after, 500)
    for (const run of slice.runs) {
      steps += run.steps.length
      for (const step of run.steps) if (step.kind === 'tool') toolSteps++
    }
    runs += slice.runs.length
    after = slice.continueAfter?.uuid ?? null
    pages.push(
      JSON.stringify({
        runs: slice.runs,
        nextCursor: after ? `c${pages.length}` : null,
        totalRuns: slice.totalRuns,
      }),
    )
    if (after === null) break
  }
  cached = { pages, runs, steps, toolSteps, buildMs: performance.now() - start }
  return cached
}

/** Drops the cached pages, so the next suite measures without a gigabyte of someone else's heap. */
export function releaseScaleData(): void {
  cached = null
}
