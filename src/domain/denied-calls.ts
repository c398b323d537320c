/**
 * Which tool steps are calls an editor denied: the rule by which a server (and the simulated
 * installation) sets `toolDenied` on the steps it reads (decision 0021). When an editor denies a
 * turn, the CMS records the `approval` step (`approved: false`) and right after it one `tool`
 * step per call of that turn, each with `toolIsError: true` — none of them ran
 * (`docs/reference/cms-rows.md`). Nothing else in a row tells such a call from a failure.
 */

/**
 * How many steps back (by `sequence`) a call looks for the step that opened its turn: a turn
 * holds at most this many calls as far as the rule can tell. It bounds the look-back a database
 * does for each failing call, which in a round of 300,000 calls would otherwise read them all.
 */
export const TURN_LOOKBACK = 256

/** The step a turn's tool steps follow: the nearest earlier step that is not a tool call. */
export interface TurnOpener {
  kind: string
  /** The `approved` field as read; anything but the boolean `false` is not a denial. */
  approved?: unknown
}

/** Kinds that never open a turn: the calls themselves and a call's separate write row. */
const CALL_KINDS: ReadonlySet<string> = new Set(['tool', 'tool_write'])

/**
 * Whether a tool step is a denied call: its `toolIsError` is `true` and the nearest step before
 * it (by `sequence`, at most {@link TURN_LOOKBACK} back) that is neither a `tool` nor a
 * `tool_write` step is an `approval` step with `approved: false`. No opener (the run's first
 * steps, a lost approval row, or none within reach) is no denial.
 */
export function isDeniedCall(toolIsError: unknown, opener: TurnOpener | null): boolean {
  return toolIsError === true && opener?.kind === 'approval' && opener.approved === false
}

/** One step as {@link DenialReader} reads it (raw values: nothing is trusted to be typed). */
export interface DenialInput {
  sequence: number
  kind: string
  approved?: unknown
  toolIsError?: unknown
}

/**
 * Reads a run's steps one by one in `sequence` order (then by row, where two share one) and says
 * of each whether it is a denied call ({@link isDeniedCall}); for a run read in pieces, one
 * reader per run keeps the opener across them.
 */
export class DenialReader {
  private opener: (TurnOpener & { sequence: number }) | null = null

  /** Whether `step` is a denied call; a step of any other kind than a call becomes the opener. */
  read(step: DenialInput): boolean {
    if (step.kind === 'tool') {
      const opener = this.opener
      const near = opener !== null && step.sequence - opener.sequence <= TURN_LOOKBACK
      return isDeniedCall(step.toolIsError, near ? opener : null)
    }
    if (!CALL_KINDS.has(step.kind)) {
      this.opener = { kind: step.kind, approved: step.approved, sequence: step.sequence }
    }
    return false
  }
}

/**
 * `steps` (in `sequence` order) with `toolDenied: true` on each denied call; other steps are
 * returned as they are, a denied one as a copy. No steps give none.
 */
export function markDeniedCalls<T extends DenialInput>(
  steps: readonly T[],
): (T & { toolDenied?: true })[] {
  const reader = new DenialReader()
  return steps.map((step) => (reader.read(step) ? { ...step, toolDenied: true as const } : step))
}
