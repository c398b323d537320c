import { describe, expect, it } from 'vitest'
import { KNOWN_RUN_STATUSES } from '../contract/run'
import { runStatusLabel } from './status-label'

describe('runStatusLabel', () => {
  it('words every status the contract names, never the raw value', () => {
    expect(runStatusLabel('waiting_for_approval')).toBe('Waiting for approval')
    for (const status of KNOWN_RUN_STATUSES) expect(runStatusLabel(status)).not.toMatch(/_/)
  })

  it('keeps an unknown status as sent, including prototype names', () => {
    expect(runStatusLabel('paused_by_admin')).toBe('paused_by_admin')
    expect(runStatusLabel('__proto__')).toBe('__proto__')
    expect(runStatusLabel('constructor')).toBe('constructor')
    expect(runStatusLabel('')).toBe('–')
  })
})
