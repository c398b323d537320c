import { describe, expect, it } from 'vitest'
import { checkArguments } from '@/checker'
import { CATALOGUE } from '@/mocks/installation/catalogue'
import { toolsResponseSchema } from '../contract'
import { playgroundExamples, starterArgs } from './examples'
import { parseJsonText } from './parse-json'

const tools = toolsResponseSchema.parse({ tools: CATALOGUE }).tools

describe('playgroundExamples', () => {
  const examples = playgroundExamples(tools)

  it('finds a tool of the demo catalogue for each ADR example', () => {
    expect(examples.map((e) => [e.id, e.tool])).toEqual([
      ['integer-text', 'update_page_metadata'],
      ['list-for-object', 'update_content_element'],
      ['enum-case', 'create_translation_draft'],
      ['missing', 'update_page_metadata'],
      ['excluded', 'update_page_metadata'],
    ])
  })

  it.each(examples.map((e) => [e.id, e] as const))(
    '%s gets the answer the ADR names from the check',
    (_, example) => {
      const parsed = parseJsonText(example.args)
      if (parsed.status !== 'ok') throw new Error('example is not JSON')
      const schema = tools.find((t) => t.name === example.tool)?.parameters
      const mismatches = checkArguments(schema, parsed.value)
      expect(mismatches.length > 0 ? 'refused' : 'passes').toBe(example.expected)
      if (example.id === 'missing') expect(mismatches.map((m) => m.kind)).toEqual(['missing'])
      if (example.id === 'excluded') expect(mismatches.map((m) => m.kind)).toEqual(['additional'])
    },
  )

  it('leaves out what no tool fits, and gives none for an empty catalogue', () => {
    expect(playgroundExamples([])).toEqual([])
    const open = [
      {
        name: 'only_text',
        effect: 'read_only' as const,
        parameters: { type: 'object', properties: { q: { type: 'string' } } },
      },
    ]
    expect(playgroundExamples(open)).toEqual([])
  })
})

describe('starterArgs', () => {
  it('fills the required arguments so the call passes; anything unreadable gives {}', () => {
    const schema = tools.find((t) => t.name === 'create_translation_draft')?.parameters
    const args = starterArgs(schema)
    expect(JSON.parse(args)).toEqual({ table: 'pages', uid: 1, language: 1 })
    expect(checkArguments(schema, JSON.parse(args))).toEqual([])
    expect(starterArgs(true)).toBe('{}')
    expect(starterArgs({ anyOf: [] })).toBe('{}')
  })
})
