import { describe, expect, it } from 'vitest'
import { demoNote } from './demo-note'

describe('demoNote', () => {
  it('says the installation is simulated and how to make it bigger', () => {
    const note = demoNote('{ "apiBaseUrl": "/api/diagnostics/v1" }')
    expect(note).toMatch(/simulated installation/)
    expect(note).toMatch(/demoScale 1 in public\/config\.json/)
    expect(note).toMatch(/"demoScale": 40/)
  })

  it('names the scale the config sets, and 1 for a missing or broken file', () => {
    expect(demoNote('{ "demoScale": 40 }')).toMatch(/demoScale 40 in/)
    expect(demoNote(null)).toMatch(/demoScale 1 in/)
    expect(demoNote('{ not json')).toMatch(/demoScale 1 in/)
    expect(demoNote('{ "demoScale": "huge" }')).toMatch(/demoScale 1 in/)
  })
})
