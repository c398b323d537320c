import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { checkArguments } from './check-arguments'
import { CATALOGUE } from '../mocks/installation/catalogue'
import { MAX_NODES, schemaTree, type SchemaNode } from './schema-tree'

const childNamed = (node: SchemaNode, name: string) => {
  const child = node.children.find((c) => c.name === name)
  if (!child) throw new Error(`no child ${name}`)
  return child
}

const count = (node: SchemaNode): number => 1 + node.children.reduce((n, c) => n + count(c), 0)

describe('schemaTree', () => {
  it('reads properties, types, required, enums, nesting and additionalProperties', () => {
    const tree = schemaTree({
      type: 'object',
      properties: {
        uid: { type: 'integer', description: 'The page uid' },
        table: { type: 'string', enum: ['pages', 'tt_content'] },
        title: { type: ['string', 'null'] },
        tags: { type: 'array', items: { type: 'string', minLength: 1 } },
        fields: { type: 'object', properties: { header: { type: 'string' } } },
      },
      required: ['uid', 'table', 'language'],
      additionalProperties: false,
    })
    expect(tree.closed).toBe(true)
    expect(tree.judged).toBe(true)
    expect(tree.children.map((c) => [c.name, c.required, c.types])).toEqual([
      ['uid', true, ['integer']],
      ['table', true, ['string']],
      ['title', false, ['string', 'null']],
      ['tags', false, ['array']],
      ['fields', false, ['object']],
      ['language', true, []],
    ])
    expect(childNamed(tree, 'uid').description).toBe('The page uid')
    expect(childNamed(tree, 'table').enumValues).toEqual(['"pages"', '"tt_content"'])
    expect(childNamed(tree, 'title').nullable).toBe(true)
    const items = childNamed(tree, 'tags').children[0]
    expect(items?.role).toBe('items')
    expect(items?.ignoredKeywords).toEqual(['minLength'])
    expect(childNamed(childNamed(tree, 'fields'), 'header').types).toEqual(['string'])
  })

  it.each(['$ref', 'anyOf', 'oneOf', 'allOf', 'not', 'if'])(
    'marks a node with %s as skipped, and does not look inside it',
    (keyword) => {
      const tree = schemaTree({
        type: 'object',
        properties: { a: { [keyword]: [{ type: 'string' }], properties: { b: {} } } },
      })
      const a = childNamed(tree, 'a')
      expect(a.judged).toBe(false)
      expect(a.skipReason).toBe(`not judged by the check: ${keyword}`)
      expect(a.children).toEqual([])
    },
  )

  it('marks unknown types, boolean schemas and parts the check does not follow', () => {
    const tree = schemaTree({
      type: 'object',
      properties: { when: { type: 'date' }, any: true },
      patternProperties: { '^x_': { type: 'string' } },
      additionalProperties: { type: 'integer' },
      prefixItems: [{ type: 'string' }],
    })
    expect(childNamed(tree, 'when').skipReason).toBe('not judged by the check: unknown type "date"')
    expect(childNamed(tree, 'any').skipReason).toMatch(/the schema is true, not an object/)
    expect(childNamed(tree, '^x_').skipReason).toBe(
      'not judged by the check: values under patternProperties',
    )
    expect(tree.children.find((c) => c.role === 'additional')?.judged).toBe(false)
    expect(tree.children.find((c) => c.role === 'prefix-item')?.judged).toBe(false)
    expect(schemaTree(null).judged).toBe(false)
  })

  it('does not call additionalProperties: false closed when the check cannot apply it', () => {
    expect(schemaTree({ additionalProperties: false, patternProperties: { '(': {} } }).closed).toBe(
      false,
    )
    expect(schemaTree({ additionalProperties: false, properties: [] }).closed).toBe(false)
  })

  it('stays bounded on hostile schemas: 1,000 levels, a cycle, 10,000 properties', () => {
    let deep: Record<string, unknown> = { type: 'string' }
    for (let i = 0; i < 1000; i++) deep = { type: 'object', properties: { x: deep } }
    const cycle: Record<string, unknown> = { type: 'object', properties: {} }
    cycle.properties = { self: cycle }
    const wide = {
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`p${i}`, {}])),
    }
    for (const schema of [deep, cycle, wide]) {
      const tree = schemaTree(schema)
      expect(count(tree)).toBeLessThanOrEqual(MAX_NODES)
    }
    expect(schemaTree(wide).hiddenChildren).toBe(10_000 - (MAX_NODES - 1))
    let node = schemaTree(deep)
    while (node.children[0]) node = node.children[0]
    expect(node.skipReason).toMatch(/deeper than 64 levels/)
  })

  it('never throws on arbitrary JSON, even with throwing getters', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => void schemaTree(value)))
    const hostile = {
      type: 'object',
      get properties(): never {
        throw new Error('boom')
      },
    }
    expect(schemaTree(hostile).skipReason).toMatch(/could not be read/)
  })

  it('agrees with the check on the demo catalogue: judged properties refuse, skipped ones do not', () => {
    let judged = 0
    let skipped = 0
    for (const tool of CATALOGUE) {
      for (const prop of schemaTree(tool.parameters).children) {
        if (prop.role !== 'property' || prop.types.length === 0) continue
        // A value of a wrong kind for any declared scalar type: an object.
        const wrong = prop.types.includes('object') ? 'text' : { x: 1 }
        const refused = checkArguments(tool.parameters, { [prop.name]: wrong }).some(
          (m) => m.path === prop.name && m.kind === 'kind',
        )
        expect(refused, `${tool.name}.${prop.name}`).toBe(prop.judged)
        if (prop.judged) judged++
        else skipped++
      }
      for (const prop of schemaTree(tool.parameters).children.filter((c) => !c.judged)) {
        expect(
          checkArguments(tool.parameters, { [prop.name]: { x: 1 } }).filter(
            (m) => m.path === prop.name,
          ),
        ).toEqual([])
        skipped++
      }
    }
    expect(judged).toBeGreaterThan(50)
    expect(skipped).toBeGreaterThan(5)
  })
})
