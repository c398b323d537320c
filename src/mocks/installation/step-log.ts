import { between, type Rng } from './prng'
import type { SimStep } from './sim-types'

/** Appends steps on one run's clock; each step starts when the previous one ended (plus a hair). */
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

  /** Appends a step at the current instant; `extra` (a fresh object) becomes the step. */
  add(kind: string, round: number, durationMs: number, extra: Partial<SimStep> = {}): SimStep {
    const step: SimStep = Object.assign(extra, {
      kind,
      round,
      at: Math.floor(this.clock),
      durationMs: Math.round(durationMs * 1000) / 1000,
    })
    this.steps.push(step)
    this.clock += durationMs + between(this.rng, 0.05, 2.5)
    return step
  }

  /** Idle time between steps (backoff before a retry, a pause after a resume). */
  idle(ms: number): void {
    this.clock += ms
  }

  /** When the last step ended, rounded up to the millisecond; null without steps. */
  endedAt(): number | null {
    const last = this.steps[this.steps.length - 1]
    return last === undefined ? null : Math.ceil(last.at + last.durationMs)
  }
}
