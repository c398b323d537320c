import { isWritingTool } from '@/domain/contract'
import { checkTurn, type OfferedTool } from '@/checker'
import { validArguments, type Arguments } from './arguments'
import { CATALOGUE, toolAt } from './catalogue'
import { applyMistake, omitDefaulted, type Mistake } from './mistakes'
import { between, chance, intBetween, spread, type Rng } from './prng'
import type { StepLog } from './step-log'
import { ARGUMENT_CHECK_SINCE_MS, SWITCHED_OFF_SINCE_MS } from './time'

/** One call as the simulated model sent it. */
export interface Call {
  tool: number
  args: Arguments
  mistake: Mistake | null
}

/** The catalogue as the loop offers it to the check. */
const OFFERED: OfferedTool[] = CATALOGUE.map(({ name, parameters }) => ({ name, parameters }))

/** Per-call chance that the model gets the arguments wrong (reading tools: never). */
const MISTAKE_RATE: Readonly<Record<string, number>> = {
  update_page_metadata: 0.2,
  create_content_element_draft: 0.2,
  update_content_element: 0.1,
}
/** Chance that an editor denies a turn's approval card (every call of the turn is then not run). */
const DENIAL_RATE = 0.04

/**
 * Tools switched off in the CMS since a day (the demo's tool switches, `cms-catalogue.ts`): a
 * model that still calls one is answered `Error: tool "x" not permitted`.
 */
const SWITCHED_OFF: ReadonlySet<string> = new Set([
  'attach_file_to_content_element',
  'list_be_users',
  'list_be_groups',
  'mcp_termbase_add_term',
])

/** Per-call chance that the model leaves out an argument the tool's code defaults. */
const DEFAULTED_RATE: Readonly<Record<string, number>> = {
  move_content_element: 0.35,
  get_typoscript: 0.25,
}

/** Writes of built-in tools, by the table they write. */
const WRITE_TABLE: Readonly<Record<string, string>> = {
  update_page_metadata: 'pages',
  update_content_element: 'tt_content',
  create_content_element_draft: 'tt_content',
  create_page_draft: 'pages',
  create_translation_draft: 'tt_content',
  set_file_alternative_text: 'sys_file_metadata',
  move_content_element: 'tt_content',
  attach_file_to_content_element: 'sys_file_reference',
}

/** The model writes the arguments of a call, sometimes wrongly. */
export function composeCall(rng: Rng, tool: number, mistakeScale = 1): Call {
  const definition = toolAt(tool)
  const args = validArguments(definition.parameters, rng)
  const writing = isWritingTool(definition)
  const base = MISTAKE_RATE[definition.name] ?? (writing ? 0.035 : 0)
  if (chance(rng, base * mistakeScale)) {
    return { tool, args, mistake: applyMistake(definition, args, rng) }
  }
  const defaulted = chance(rng, (DEFAULTED_RATE[definition.name] ?? 0) * Math.min(1, mistakeScale))
  return { tool, args, mistake: defaulted ? omitDefaulted(definition, args) : null }
}

export interface TurnContext {
  rng: Rng
  log: StepLog
  round: number
  /** Overrides `toolIsError` by the call's ordinal in the run (the ADR figures' quotas). */
  failures: readonly number[] | undefined
  ordinal: number
}

/**
 * Checks (from the decision date on) and runs one turn: returns the refusal codes, `denied` when
 * an editor denied its approval card, or null when it ran.
 */
export function playTurn(
  ctx: TurnContext,
  calls: readonly Call[],
): ('arguments' | 'turn')[] | 'denied' | null {
  const checked = ctx.log.now >= ARGUMENT_CHECK_SINCE_MS
  if (checked) {
    // The whole catalogue is offered; the check reads only the schemas of the called tools, so
    // handing it those (same decision) keeps 100,000 simulated runs fast.
    const decision = checkTurn(
      calls.map((call, i) => ({ id: `c${i}`, name: toolAt(call.tool).name, arguments: call.args })),
      calls.flatMap((call) => OFFERED[call.tool] ?? []),
    )
    if (!decision.run) {
      const codes = calls.map(
        (_, i) => decision.answers.find((a) => a.id === `c${i}`)?.code ?? 'turn',
      )
      calls.forEach((call, i) => refuse(ctx, call, codes[i] ?? 'turn'))
      return codes
    }
  }
  const definitions = calls.map((call) => toolAt(call.tool))
  // The turn waits for a person; the decision is recorded when it is made, outside a round.
  if (definitions.some((tool) => tool.approval)) {
    ctx.log.idle(spread(ctx.rng, 70_000, 1.1, 6_000, 1_200_000))
    const denied = chance(ctx.rng, DENIAL_RATE)
    ctx.log.add('approval', 0, 0, { approved: !denied })
    if (denied) {
      for (const call of calls) deny(ctx, call, checked)
      return 'denied'
    }
  }
  if (definitions.some((tool) => tool.input)) {
    ctx.log.idle(spread(ctx.rng, 35_000, 0.9, 3_000, 600_000))
    ctx.log.add('input', 0, 0)
  }
  for (const call of calls) execute(ctx, call, checked)
  return null
}

/**
 * A call of a denied turn, as the CMS writes it: an error result, no time, in the turn's round
 * (`Error: tool "x" was denied by the operator.`, 42 characters besides the name).
 */
function deny(ctx: TurnContext, call: Call, checked: boolean): void {
  const name = toolAt(call.tool).name
  ctx.ordinal += 1
  const step = ctx.log.add('tool', ctx.round, 0, {
    tool: call.tool,
    isError: true,
    notRun: true,
    meta: { contentRedacted: true, toolResultLength: 42 + name.length },
  })
  if (checked) step.refusal = null
}

/**
 * A call of a tool the model named but no catalogue has, as the loop answers it:
 * `Error: unknown tool "x"` (22 characters besides the name), after a moment.
 */
export function callUnknown(ctx: TurnContext, tool: number, name: string): void {
  ctx.ordinal += 1
  const step = ctx.log.add('tool', ctx.round, between(ctx.rng, 0.05, 1.2), {
    tool,
    isError: true,
    meta: { contentRedacted: true, toolResultLength: 22 + name.length },
  })
  if (ctx.log.now >= ARGUMENT_CHECK_SINCE_MS) step.refusal = null
}

function refuse(ctx: TurnContext, call: Call, code: 'arguments' | 'turn'): void {
  const tool = toolAt(call.tool)
  const meta: Record<string, number | boolean> = {
    contentRedacted: true,
    toolResultLength: intBetween(ctx.rng, 90, 760),
  }
  if (tool.source === 'mcp') meta.externalCallCharged = false
  ctx.log.add('tool', ctx.round, between(ctx.rng, 0.02, 0.4), {
    tool: call.tool,
    isError: true,
    refusal: code,
    meta,
  })
}

function execute(ctx: TurnContext, call: Call, checked: boolean): void {
  const { rng } = ctx
  const tool = toolAt(call.tool)
  if (SWITCHED_OFF.has(tool.name) && ctx.log.now >= SWITCHED_OFF_SINCE_MS) {
    // Switched off since: the loop refuses it at once (`Error: tool "x" not permitted`).
    ctx.ordinal += 1
    const step = ctx.log.add('tool', ctx.round, between(rng, 0.05, 1.5), {
      tool: call.tool,
      isError: true,
      meta: { contentRedacted: true, toolResultLength: 28 + tool.name.length },
    })
    if (checked) step.refusal = null
    return
  }
  const writing = isWritingTool(tool)
  const otherFailure = chance(rng, writing ? 0.008 : 0)
  const simulated = (call.mistake !== null && call.mistake !== 'defaulted') || otherFailure
  const isError = ctx.failures === undefined ? simulated : ctx.failures.includes(ctx.ordinal)
  ctx.ordinal += 1
  const duration =
    tool.source === 'mcp'
      ? spread(rng, 850, 0.6, 90, 12_000)
      : tool.input
        ? between(rng, 0.2, 2)
        : spread(rng, writing ? 150 : 40, 0.8, 1.5, 4_000)
  const meta: Record<string, number | boolean> = {
    contentRedacted: true,
    toolResultLength: isError ? intBetween(rng, 40, 260) : intBetween(rng, 120, 9_000),
  }
  if (tool.source === 'mcp') meta.externalCallCharged = true
  const fallbackUid = intBetween(rng, 1, 4_800)
  const table = call.args.table === 'pages' ? 'pages' : WRITE_TABLE[tool.name]
  const uid = typeof call.args.uid === 'number' && call.args.uid > 0 ? call.args.uid : fallbackUid
  const step = ctx.log.add('tool', ctx.round, duration, { tool: call.tool, isError, meta })
  if (checked) step.refusal = null
  if (table !== undefined && !isError) step.writeTarget = { table, uid }
}
