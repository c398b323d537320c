import { intBetween, spread, type Rng } from './prng'
import type { StepLog } from './step-log'

/** The prompt size of a run so far; it grows with every answer and every tool result. */
export interface Conversation {
  promptTokens: number
}

export type FinishReason = 'tool_calls' | 'stop' | 'length' | 'error'

/** context → request → llm of one round: the model answers once, with `finish` as its reason. */
export function modelRound(
  log: StepLog,
  rng: Rng,
  conversation: Conversation,
  round: number,
  finish: FinishReason,
): void {
  // The CMS records the context and request steps before the provider call, taking no time.
  log.add('context', round, 0, {
    meta: { messagesSentCount: 2 * round + 1, contentRedacted: true },
  })
  log.add('request', round, 0)
  const completion = finish === 'stop' ? intBetween(rng, 120, 900) : intBetween(rng, 24, 380)
  const duration =
    finish === 'error'
      ? spread(rng, 28_000, 0.3, 8_000, 60_000)
      : spread(rng, 1_300 + completion * 16, 0.35, 320, 45_000)
  log.add('llm', round, duration, {
    meta: {
      promptTokens: conversation.promptTokens,
      completionTokens: finish === 'error' ? 0 : completion,
      finishReason: finish,
      contentRedacted: true,
    },
  })
  conversation.promptTokens += completion + intBetween(rng, 140, 1_600)
}
