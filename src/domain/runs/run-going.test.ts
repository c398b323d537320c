import { describe, expect, it } from 'vitest'
import { KNOWN_RUN_STATUSES } from '../contract/run'
import { FINAL_RUN_STATUSES, isRunGoing } from './run-going'

describe('isRunGoing', () => {
  it('is true for every status the contract names as not terminal, while unfinished', () => {
    const going = KNOWN_RUN_STATUSES.filter((s) => isRunGoing({ status: s, finishedAt: null }))
    expect(going).toEqual(['queued', 'running', 'waiting_for_approval', 'waiting_for_input'])
  })

  it('is false for a final status even without finishedAt (a contract breach)', () => {
    for (const status of FINAL_RUN_STATUSES) {
      expect(isRunGoing({ status, finishedAt: null })).toBe(false)
    }
  })

  it('keeps asking about an unknown status until finishedAt is set', () => {
    expect(isRunGoing({ status: 'paused', finishedAt: null })).toBe(true)
    expect(isRunGoing({ status: 'paused', finishedAt: '2026-11-03T10:00:00Z' })).toBe(false)
    expect(isRunGoing({ status: 'running', finishedAt: '2026-11-03T10:00:00Z' })).toBe(false)
  })
})
