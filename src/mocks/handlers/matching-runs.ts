import type { Installation, MockRun, RunQuery } from '../installation'

/** Every run `/runs` would list for the query, a page of 500 at a time. */
export function* matchingRuns(installation: Installation, query: RunQuery): Generator<MockRun> {
  let after: string | null = null
  do {
    const slice = installation.queryRuns(query, after, 500)
    yield* slice.runs
    after = slice.continueAfter?.uuid ?? null
  } while (after !== null)
}
