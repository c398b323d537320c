import { describe, expect, it } from 'vitest'
import { effectNote, effectWords, remoteClaim } from './effect-words'

describe('effectWords', () => {
  it('names the three effects and shows an unknown one as it came', () => {
    expect(effectWords('read_only')).toBe('reads')
    expect(effectWords('non_idempotent_write')).toBe('writes (not idempotent)')
    expect(effectWords('destructive')).toBe('destructive')
  })
})

describe('remoteClaim', () => {
  it('says each declared hint, yes or no, in a fixed order', () => {
    expect(remoteClaim({ idempotentHint: true, readOnlyHint: true })).toBe('read-only, idempotent')
    expect(
      remoteClaim({
        openWorldHint: false,
        idempotentHint: false,
        destructiveHint: false,
        readOnlyHint: false,
      }),
    ).toBe('writes, not destructive, not idempotent, closed world')
  })

  it('says nothing for no hints', () => {
    expect(remoteClaim(undefined)).toBeNull()
    expect(remoteClaim({})).toBeNull()
  })
})

describe('effectNote', () => {
  it('marks an assumed effect, with what the server says or that it says nothing', () => {
    expect(effectNote({ effectAssumed: true, remoteHints: { readOnlyHint: true } })).toBe(
      'assumed — server says: read-only',
    )
    expect(effectNote({ effectAssumed: true })).toBe('assumed — server declares nothing')
  })

  it('shows a claim on a declared effect, and nothing where nothing is said', () => {
    expect(effectNote({ effectAssumed: false, remoteHints: { destructiveHint: true } })).toBe(
      'server says: destructive',
    )
    expect(effectNote({ effectAssumed: false })).toBeNull()
    expect(effectNote({})).toBeNull()
  })
})
