import { describe, expect, it } from 'vitest'
import { evaluateTurn } from './evaluate'

const offered = [
  {
    name: 'update_page_metadata',
    parameters: {
      type: 'object',
      properties: { uid: { type: 'integer' }, title: { type: 'string' } },
      required: ['uid'],
      additionalProperties: false,
    },
  },
  {
    name: 'get_page_content',
    parameters: { type: 'object', properties: { uid: { type: 'integer' } } },
  },
]

describe('evaluateTurn', () => {
  it('gives no answer while any call is not JSON, and names where', () => {
    const result = evaluateTurn(
      [
        { id: 'a', tool: 'update_page_metadata', text: '{"uid": 1,}' },
        { id: 'b', tool: 'get_page_content', text: '{}' },
      ],
      offered,
    )
    expect(result.status).toBe('syntax')
    if (result.status === 'syntax') expect(result.errors.get('a')?.column).toBe(11)
  })

  it('runs a fitting turn and refuses a turn with one mismatch as the ADR says', () => {
    const run = evaluateTurn(
      [{ id: 'a', tool: 'update_page_metadata', text: '{"uid": "5"}' }],
      offered,
    )
    expect(run.status).toBe('run')
    if (run.status === 'run') {
      expect(run.passes.get('a')?.map((p) => [p.cast, p.path])).toEqual([
        ['text-for-number', 'uid'],
      ])
    }
    const result = evaluateTurn(
      [
        { id: 'a', tool: 'update_page_metadata', text: '{"title": "x"}' },
        { id: 'b', tool: 'get_page_content', text: '' },
      ],
      offered,
    )
    if (result.status !== 'refused') throw new Error('expected a refusal')
    expect(result.answers.get('a')?.text).toMatch(
      /^Refused: the arguments do not match the schema of tool "update_page_metadata", so nothing was run\.\n- The required argument "uid" is missing/,
    )
    expect(result.answers.get('b')?.code).toBe('turn')
    expect(result.answers.get('b')?.text).toMatch(/^Not run:/)
  })

  it('notes no lenient cast for a call that fits as declared, nor for an unoffered tool', () => {
    const result = evaluateTurn(
      [
        { id: 'a', tool: 'update_page_metadata', text: '{"uid": 5}' },
        { id: 'b', tool: 'not_offered', text: '{"uid": "x"}' },
      ],
      offered,
    )
    expect(result).toEqual({ status: 'run', passes: new Map() })
  })
})
