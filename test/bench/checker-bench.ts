/**
 * Checks per second of the ADR 246 argument check and of Ajv (compiled once) on the same
 * inputs in the same run: the catalogue's writing-tool schemas with fitting and wrong arguments.
 */
import Ajv2020 from 'ajv/dist/2020'
import type { ValidateFunction } from 'ajv'
import { checkArguments } from '@/checker'
import { writingToolCalls, writingToolSchemas } from '@/checker/test-support/writing-tool-schemas'
import { opsPerSecond, type BenchRow } from './harness'

const GOAL = 1_000_000

interface Input {
  schema: Record<string, unknown>
  validate: ValidateFunction
  args: unknown
}

function inputs(which: 'valid' | 'invalid' | 'both'): Input[] {
  const ajv = new Ajv2020({ strict: false, allErrors: false })
  const out: Input[] = []
  for (const [name, schema] of Object.entries(writingToolSchemas)) {
    const calls = writingToolCalls[name]
    if (calls === undefined) continue
    const validate = ajv.compile(schema)
    if (which !== 'invalid') out.push({ schema, validate, args: calls.valid })
    if (which !== 'valid') out.push({ schema, validate, args: calls.invalid })
  }
  return out
}

/** Cycles through `list` so every input is measured, keeping a sink so no call is dropped. */
function measure(list: Input[], one: (input: Input) => number): number {
  let i = 0
  let sink = 0
  const ops = opsPerSecond(() => {
    const input = list[i] ?? list[0]
    i = i + 1 === list.length ? 0 : i + 1
    if (input !== undefined) sink += one(input)
  })
  if (sink < 0) console.log(sink)
  return ops
}

const ours = (input: Input) => checkArguments(input.schema, input.args).length
const ajvs = (input: Input) => (input.validate(input.args) ? 0 : 1)

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = []
  const typical = inputs('both').filter((x) => x.schema === writingToolSchemas.update_page_metadata)
  // Warm both paths (plan cache, JIT) before any figure is taken.
  for (const input of inputs('both')) {
    for (let k = 0; k < 20_000; k++) {
      ours(input)
      ajvs(input)
    }
  }
  for (const which of ['valid', 'invalid'] as const) {
    const list = inputs(which)
    const label = `8 writing-tool schemas, ${which} arguments`
    rows.push({
      bench: 'checker',
      figure: `ours, ${label}`,
      value: measure(list, ours),
      unit: 'checks/s',
    })
    rows.push({
      bench: 'checker',
      figure: `Ajv, ${label}`,
      value: measure(list, ajvs),
      unit: 'checks/s',
    })
  }
  const mixed = measure(inputs('both'), ours)
  rows.push({
    bench: 'checker',
    figure: 'ours, 8 writing-tool schemas, valid and invalid alternating',
    value: mixed,
    unit: 'checks/s',
    goal: '≥ 1,000,000 checks/s for a typical writing-tool schema',
    met: mixed >= GOAL,
  })
  const page = measure(typical, ours)
  rows.push({
    bench: 'checker',
    figure: 'ours, update_page_metadata, valid and invalid alternating',
    value: page,
    unit: 'checks/s',
    goal: '≥ 1,000,000 checks/s for a typical writing-tool schema',
    met: page >= GOAL,
  })
  rows.push({
    bench: 'checker',
    figure: 'Ajv, update_page_metadata, valid and invalid alternating',
    value: measure(typical, ajvs),
    unit: 'checks/s',
  })
  return rows
}
