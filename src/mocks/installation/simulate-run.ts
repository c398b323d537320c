import { configurationAt } from './configurations'
import { modelRound, type Conversation } from './model-round'
import { planTurns } from './plan-turns'
import { between, chance, intBetween, mulberry32, pickOne, spread, type Rng } from './prng'
import type { Ending, RunSpec, SimRun } from './sim-types'
import { StepLog } from './step-log'
import { composeCall, playTurn, type Call, type TurnContext } from './turn'

const STATUS_OF: Readonly<Record<string, string>> = {
  completed: 'completed',
  cancelled: 'cancelled',
  approval_denied: 'cancelled',
}

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
    return { status: 'queued', terminationReason: null, finishedAt: null, steps: [] }
  }
  log.add('assembled', 0, between(rng, 0.4, 6), { meta: { messagesSentCount: 2 } })
  const conversation: Conversation = { promptTokens: intBetween(rng, 2_800, 7_400) }
  const ctx: TurnContext = { rng, log, round: 0, failures, ordinal: 0 }
  const queue: Call[][] = planTurns(rng, configuration, spec.calls).map((tools) =>
    tools.map((tool) => composeCall(rng, tool)),
  )
  let ending: Ending = spec.ending
  for (let turn = queue.shift(); turn !== undefined; turn = queue.shift()) {
    ctx.round += 1
    modelRound(log, rng, conversation, ctx.round, 'tool_calls')
    const codes = playTurn(ctx, turn)
    if (codes === null) continue
    // The model sees the refusal and re-sends the turn with the mismatched calls corrected.
    if (ending === 'completed' && chance(rng, 0.06)) {
      ending = pickOne(rng, ['cancelled', 'max_iterations', 'budget_exhausted'] as const)
      break
    }
    queue.unshift(turn.map((call, i) => (codes[i] === 'arguments' ? recompose(rng, call) : call)))
  }
  finish(ctx, conversation, ending)
  const pending = ending === 'running' || ending.startsWith('waiting') || ending === 'queued'
  return {
    status: pending ? ending : (STATUS_OF[ending] ?? 'failed'),
    terminationReason: pending ? null : ending,
    finishedAt: pending ? null : log.endedAt(),
    steps: log.steps,
  }
}

/** A corrected call: mostly right now, sometimes wrong again in a new way. */
function recompose(rng: Rng, call: Call): Call {
  const fixed = composeCall(rng, call.tool, 0)
  if (chance(rng, 0.8)) return fixed
  return composeCall(rng, call.tool, 4)
}

/** The last round(s) of a run, as its ending requires. */
function finish(ctx: TurnContext, conversation: Conversation, ending: Ending): void {
  const { rng, log } = ctx
  const next = (): number => (ctx.round += 1)
  switch (ending) {
    case 'completed':
      modelRound(log, rng, conversation, next(), 'stop')
      return
    case 'policy_denied':
    case 'waiting_for_approval':
    case 'waiting_for_input':
      modelRound(log, rng, conversation, next(), 'tool_calls')
      return
    case 'approval_denied':
    case 'queued': {
      modelRound(log, rng, conversation, next(), 'tool_calls')
      const wait = spread(rng, 90_000, 1, 8_000, 1_200_000)
      log.add('approval', ctx.round, wait, { approved: ending === 'queued' })
      return
    }
    case 'provider_failed':
      modelRound(log, rng, conversation, next(), 'error')
      return
    case 'retries_exhausted': {
      const round = next()
      log.add('context', round, between(rng, 0.8, 18), { meta: { contentRedacted: true } })
      for (let attempt = 0; attempt < 3; attempt += 1) {
        log.add('request', round, spread(rng, 9_000, 0.5, 400, 30_000), {
          meta: { attempt: attempt + 1 },
        })
        log.idle(2_000 * 2 ** attempt)
      }
      return
    }
    case 'not_retryable': {
      const round = next()
      log.add('context', round, between(rng, 0.8, 18), { meta: { contentRedacted: true } })
      log.add('request', round, between(rng, 80, 900), { meta: { httpStatus: 400 } })
      return
    }
    case 'context_truncated':
      log.add('dropped', 0, between(rng, 0.3, 4), {
        meta: { droppedMessages: intBetween(rng, 2, 9) },
      })
      return
    case 'running': {
      const round = next()
      log.add('context', round, between(rng, 0.8, 18), { meta: { contentRedacted: true } })
      log.add('request', round, between(rng, 3, 48))
      return
    }
    default:
      // max_iterations, budget_exhausted, cancelled: the loop stops after the last tool round.
      return
  }
}
