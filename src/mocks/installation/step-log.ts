import { between, type Rng } from './prng'
import type { SimStep } from './sim-types'

/**
 * Appends steps on one run's clock; each step's work starts when the previous one ended (plus a
 * hair), and the step is recorded when its work ends, as the CMS records it (`crdate` is taken
 * after the work): `at` is that end.
 */
export class StepLog {
  readonly steps: SimStep[] = []
  private clock: number

  constructor(
    private readonly rng: Rng,
    startMs: number,
  ) {
    this.clock = startMs + between(rng, 2, 40)
  }

  /** The current instant of the run (epoch ms, fractional). */
  get now(): number {
    return this.clock
  }

  /**
   * Appends a step whose work takes `durationMs` from now and is recorded at its end; `extra`
   * (a fresh object) becomes the step.
   */
  add(kind: string, round: number, durationMs: number, extra: Partial<SimStep> = {}): SimStep {
    this.clock += durationMs
    const step: SimStep = Object.assign(extra, {
      kind,
      round,
      at: Math.floor(this.clock),
      durationMs: Math.round(durationMs * 1000) / 1000,
    })
    this.steps.push(step)
    this.clock += between(this.rng, 0.05, 2.5)
    return step
  }

  /** Idle time between steps (backoff before a retry, a person deciding, a pause). */
  idle(ms: number): void {
    this.clock += ms
  }

  /** When the run finished: just after its last step (or its start), to the millisecond. */
  endedAt(): number {
    return Math.ceil(this.clock)
  }
}
