import { INVENTED_TOOL_NAMES, inventedToolIndex } from './catalogue'
import { configurationAt } from './configurations'
import { modelRound, type Conversation } from './model-round'
import { planTurns } from './plan-turns'
import { chance, intBetween, mulberry32, pickOne, spread, type Rng } from './prng'
import type { Ending, RunSpec, SimRun } from './sim-types'
import { StepLog } from './step-log'
import { SWITCHED_OFF_SINCE_MS } from './time'
import { callUnknown, composeCall, playTurn, type Call, type TurnContext } from './turn'

/** Run statuses of the endings that are not `failed` (a policy stop and a dead letter are). */
const STATUS_OF: Readonly<Record<string, string>> = {
  completed: 'completed',
  cancelled: 'cancelled',
}

/** Chance that a worker's failure requeued a run before its attempt that got through. */
const REQUEUE_RATE = 0.02
/** The CMS gives a requeued run this many further attempts before it dead-letters it. */
const MAX_REQUEUES = 3
/** Chance, per turn once tools were switched off, that the model names a tool no catalogue has. */
const UNKNOWN_TOOL_RATE = 0.01

/**
 * Replays one run of the agent loop from its spec: the same spec (and failure quota) always
 * yields the same steps. `failures` lists the ordinals of tool steps that fail (the ADR quotas);
 * without it the simulated model's own mistakes decide.
 */
export function simulateRun(spec: RunSpec, failures?: readonly number[]): SimRun {
  const rng = mulberry32(spec.seed)
  const configuration = configurationAt(spec.configuration)
  const log = new StepLog(rng, spec.startMs)
  if (spec.ending === 'queued' && chance(rng, 0.5)) {
    return { status: 'queued', terminationReason: null, finishedAt: null, attempts: 1, steps: [] }
  }
  let attempts = 1
  if (spec.ending !== 'queued' && chance(rng, REQUEUE_RATE)) {
    // A worker died at the first request; the run went back to the queue and was claimed again.
    failedAttempt(log, rng)
    attempts += 1
  }
  if (chance(rng, 0.03)) {
    log.add('dropped', 0, 0, { meta: { contentRedacted: true } })
  }
  const conversation: Conversation = { promptTokens: intBetween(rng, 2_800, 7_400) }
  const ctx: TurnContext = { rng, log, round: 0, failures, ordinal: 0 }
  const queue: Call[][] = planTurns(rng, configuration, spec.calls).map((tools) =>
    tools.map((tool) => composeCall(rng, tool)),
  )
  let ending: Ending = spec.ending
  for (let turn = queue.shift(); turn !== undefined; turn = queue.shift()) {
    if (log.now >= SWITCHED_OFF_SINCE_MS && chance(rng, UNKNOWN_TOOL_RATE)) {
      ctx.round += 1
      modelRound(log, rng, conversation, ctx.round, 'tool_calls')
      const position = intBetween(rng, 0, INVENTED_TOOL_NAMES.length - 1)
      callUnknown(ctx, inventedToolIndex(position), INVENTED_TOOL_NAMES[position] ?? '')
    }
    ctx.round += 1
    modelRound(log, rng, conversation, ctx.round, 'tool_calls')
    const codes = playTurn(ctx, turn)
    // Ran, or denied: the model goes on with what it learnt.
    if (codes === null || codes === 'denied') continue
    // The model sees the refusal and re-sends the turn with the mismatched calls corrected.
    if (ending === 'completed' && chance(rng, 0.06)) {
      ending = pickOne(rng, ['cancelled', 'max_iterations', 'budget_exhausted'] as const)
      break
    }
    queue.unshift(turn.map((call, i) => (codes[i] === 'arguments' ? recompose(rng, call) : call)))
  }
  attempts += finish(ctx, conversation, ending)
  const pending = ending === 'running' || ending.startsWith('waiting') || ending === 'queued'
  return {
    status: pending ? ending : (STATUS_OF[ending] ?? 'failed'),
    terminationReason: pending ? null : ending,
    finishedAt: pending ? null : log.endedAt(),
    attempts,
    steps: log.steps,
  }
}

/**
 * An attempt a worker's failure cut short at its first request (no answer came), then the wait
 * until the run was claimed again, which starts over at round 1.
 */
function failedAttempt(log: StepLog, rng: Rng): void {
  log.add('context', 1, 0, { meta: { contentRedacted: true } })
  log.add('request', 1, 0)
  log.idle(spread(rng, 60_000, 0.8, 5_000, 900_000))
}

/** A corrected call: mostly right now, sometimes wrong again in a new way. */
function recompose(rng: Rng, call: Call): Call {
  const fixed = composeCall(rng, call.tool, 0)
  if (chance(rng, 0.8)) return fixed
  return composeCall(rng, call.tool, 4)
}

/** The last round(s) of a run, as its ending requires; returns the attempts it added. */
function finish(ctx: TurnContext, conversation: Conversation, ending: Ending): number {
  const { rng, log } = ctx
  const next = (): number => (ctx.round += 1)
  switch (ending) {
    case 'completed':
      modelRound(log, rng, conversation, next(), 'stop')
      return 0
    case 'policy_denied':
    case 'waiting_for_approval':
    case 'waiting_for_input':
    case 'approval_denied':
      // A guardrail stop (policy, or an approval it required) writes nothing after the answer.
      modelRound(log, rng, conversation, next(), 'tool_calls')
      return 0
    case 'queued': {
      // Approved; the run waits for a worker to go on with the turn.
      modelRound(log, rng, conversation, next(), 'tool_calls')
      log.idle(spread(rng, 90_000, 1, 8_000, 1_200_000))
      log.add('approval', 0, 0, { approved: true })
      return 0
    }
    case 'provider_failed':
      modelRound(log, rng, conversation, next(), 'error')
      return 0
    case 'retries_exhausted': {
      // The last request failed, and so did every attempt the CMS gave the run after it.
      log.add('context', next(), 0, { meta: { contentRedacted: true } })
      log.add('request', ctx.round, 0)
      log.idle(spread(rng, 60_000, 0.8, 5_000, 900_000))
      for (let attempt = 0; attempt < MAX_REQUEUES; attempt += 1) failedAttempt(log, rng)
      return MAX_REQUEUES
    }
    case 'not_retryable': {
      const round = next()
      log.add('context', round, 0, { meta: { contentRedacted: true } })
      log.add('request', round, 0, { meta: { httpStatus: 400 } })
      return 0
    }
    case 'context_truncated':
      log.add('context', next(), 0, { meta: { contentRedacted: true, truncated: true } })
      return 0
    case 'running': {
      const round = next()
      log.add('context', round, 0, { meta: { contentRedacted: true } })
      log.add('request', round, 0)
      return 0
    }
    default:
      // max_iterations, budget_exhausted, cancelled: the loop stops after the last tool round.
      return 0
  }
}
