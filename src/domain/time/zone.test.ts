import { describe, expect, it } from 'vitest'
import { isValidZone, normalizeZone } from './zone'

describe('time zone names', () => {
  it.each([
    ['UTC', 'UTC'],
    ['utc', 'UTC'],
    ['Europe/Berlin', 'Europe/Berlin'],
    ['Australia/Lord_Howe', 'Australia/Lord_Howe'],
    ['Asia/Kathmandu', 'Asia/Kathmandu'],
    ['Pacific/Chatham', 'Pacific/Chatham'],
  ])('knows %s as %s', (name, canonical) => {
    expect(normalizeZone(name)).toBe(canonical)
  })

  it.each(['Mars/Olympus', '+01:00', 'GMT+1', '', '__proto__', 'Europe/Berlin ', 42, null, {}])(
    'rejects %o',
    (name) => {
      expect(isValidZone(name)).toBe(false)
    },
  )
})

describe('normalizeZone spelling', () => {
  it('fixes the case of a zone ICU knows under an alias', () => {
    expect(normalizeZone('asia/kathmandu')).toBe('Asia/Kathmandu')
    expect(normalizeZone('europe/berlin')).toBe('Europe/Berlin')
  })

  it.each(['US/Eastern', 'EST', 'EST5EDT', 'Etc/UTC', 'GB', 'Australia/LHI', 'Asia/Calcutta'])(
    'keeps the alias %s as written: its spelling is not listed to fix it by',
    (name) => {
      expect(normalizeZone(name)).toBe(name)
    },
  )
})
