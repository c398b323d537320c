/**
 * The benches' busy installation: `steps` steps over a year ending 29 Nov 2026, as four copies
 * of the demo installation (each about 16,500 steps over 89 days at scale 1) shifted 91 days
 * apart, seeded into the CMS's tables at `url`.
 */
import { createInstallation, type MockRun } from '@/mocks/installation'
import { createListedInstallation } from '@/mocks/variants'
import { openDatabase } from '@/server/db/open-database'
import { appendRuns, seedInstallation } from '@/server/seed/seed-installation'

const COPIES = 4
const SHIFT_DAYS = 91
const DAY = 86_400_000

/** The end of the bench installation's year (its last steps are the day before). */
export const BENCH_END = Date.UTC(2026, 10, 29)

function shifted(run: MockRun, days: number): MockRun {
  const by = (iso: string) => new Date(Date.parse(iso) - days * DAY).toISOString()
  return {
    ...run,
    startedAt: by(run.startedAt),
    finishedAt: run.finishedAt === null ? null : by(run.finishedAt),
    steps: run.steps.map((step) => ({ ...step, occurredAt: by(step.occurredAt) })),
  }
}

/** Seeds the installation; resolves with the seconds it took. */
export async function seedBenchInstallation(url: string, steps: number): Promise<number> {
  const started = performance.now()
  const scale = steps / COPIES / 16_500
  const db = openDatabase(url, { write: true, statementTimeoutMs: 600_000 })
  const first = createInstallation({ scale, seed: 1 })
  await seedInstallation(
    db,
    createListedInstallation({ meta: first.meta, tools: first.tools, runs: [] }),
  )
  for (let copy = 0; copy < COPIES; copy += 1) {
    const installation = copy === 0 ? first : createInstallation({ scale, seed: copy + 1 })
    for (let after: string | null = null, more = true; more;) {
      const slice = installation.queryRuns({ from: null, to: null, tools: [] }, after, 500)
      await appendRuns(
        db,
        slice.runs.map((run) => shifted(run, copy * SHIFT_DAYS)),
      )
      after = slice.continueAfter?.uuid ?? null
      more = after !== null
    }
    process.stderr.write(`  seeded copy ${copy + 1} of ${COPIES}\n`)
  }
  await db.close()
  return (performance.now() - started) / 1000
}
