import type { Run, Step } from '../../domain/contract'
import { num, type Database, type Row } from '../db/database'
import { DIALECTS } from '../sql/dialect'
import { keyAlias, PAYLOAD_KEYS } from '../sql/payload-keys'
import { EVENTS } from '../sql/tables'
import { placeOf, stepFromRow, unreadableStep, type UnreadableStep } from './step-from-row'

/** A run's steps as served, and the steps that could not be read fully. */
export interface RunSteps {
  steps: Run['steps']
  unreadable: UnreadableStep[]
}

/** The event rows of some runs, allow-listed payload keys only, in step order. */
export async function readSteps(
  db: Database,
  runUids: readonly number[],
): Promise<Map<number, RunSteps>> {
  const byRun = new Map<number, RunSteps>(
    runUids.map((uid) => [uid, { steps: [], unreadable: [] }]),
  )
  if (runUids.length === 0) return byRun
  const d = DIALECTS[db.engine]
  const fields = PAYLOAD_KEYS.map((key) => `${d.field('s.j', key)} AS ${keyAlias(key)}`)
  const rows = await db.query(
    `SELECT s.run, s.sequence, s.kind, s.round, s.duration_ms, s.crdate,
       ${d.isObject('s.j')} AS is_object, ${fields.join(', ')}
     FROM (SELECT e.uid, e.run, e.sequence, e.kind, e.round, e.duration_ms, e.crdate,
             ${d.json('e.payload')} AS j
           FROM ${EVENTS} e WHERE e.run IN (${runUids.map(() => '?').join(', ')})) s
     ORDER BY s.run, s.sequence, s.uid`,
    runUids,
  )
  for (const row of rows) addRow(byRun.get(num(row.run)), row)
  return byRun
}

function addRow(run: RunSteps | undefined, row: Row): void {
  if (run === undefined) return
  const read = stepFromRow(row)
  if (read.problem !== null) run.unreadable.push(read.problem)
  if (read.step !== null) run.steps.push(read.step)
  if (read.write === null) return
  const call = lastCall(run.steps, read.write.toolName)
  if (call === undefined) {
    run.unreadable.push(
      unreadableStep(
        placeOf(row),
        read.write.toolName,
        false,
        'a tool_write step with no tool call of that tool before it',
      ),
    )
    return
  }
  call.writeTarget = { table: read.write.table, uid: read.write.uid }
}

/** The last tool step (of that tool, when named) without a write yet: the call that wrote. */
function lastCall(steps: Step[], toolName: string | null): Step | undefined {
  for (let i = steps.length - 1; i >= 0; i -= 1) {
    const step = steps[i]
    if (step === undefined || step.kind !== 'tool' || step.writeTarget !== undefined) continue
    if (toolName === null || step.toolName === toolName) return step
  }
  return undefined
}
