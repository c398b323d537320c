import { describe, expect, it } from 'vitest'
import { KNOWN_RUN_STATUSES, KNOWN_TERMINATION_REASONS } from '../contract/run'
import { runStatusInSentence, runStatusLabel, terminationReasonLabel } from './status-label'

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

describe('runStatusInSentence and terminationReasonLabel', () => {
  it('lower-cases a known label inside a sentence and keeps an unknown value as sent', () => {
    expect(runStatusInSentence('waiting_for_input')).toBe('waiting for input')
    expect(runStatusInSentence('Paused_By_Admin')).toBe('Paused_By_Admin')
  })

  it('words the termination reasons the contract names', () => {
    for (const reason of KNOWN_TERMINATION_REASONS) {
      const { text, inSentence } = terminationReasonLabel(reason)
      expect(text).not.toMatch(/_/)
      expect(inSentence).not.toMatch(/_/)
    }
    expect(terminationReasonLabel('max_iterations').text).toBe('Maximum iterations reached')
    expect(terminationReasonLabel('toString')).toEqual({ text: 'toString', inSentence: 'toString' })
  })
})
