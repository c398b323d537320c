import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkArguments } from '.'
import { formatPath } from './path'
import { preview, quote, truncate } from './preview'

const message = (schema: unknown, args: unknown) => checkArguments(schema, args)[0]?.message ?? ''

describe('paths as a person reads them', () => {
  it.each([
    [[], ''],
    [['uid'], 'uid'],
    [['fields', 'title'], 'fields.title'],
    [['items', 2, 'uid'], 'items[2].uid'],
    [['first name'], '["first name"]'],
    [['a', 'line\nbreak'], 'a["line\\nbreak"]'],
  ] as const)('%j → %s', (segments, path) => {
    expect(formatPath(segments)).toBe(path)
  })
})

describe('messages', () => {
  const schema = {
    type: 'object',
    properties: {
      uid: { type: 'integer' },
      field: { type: 'string', enum: ['image', 'assets', 'media'] },
      fields: { type: 'object' },
    },
    required: ['uid'],
    additionalProperties: false,
  }

  it('name the argument, what the schema declares and what was sent', () => {
    expect(message(schema, {})).toBe(
      'The required argument "uid" is missing; add it to the call as an integer.',
    )
    expect(message(schema, { uid: null })).toBe(
      'Argument "uid" is null, but the schema declares an integer, not null; send an integer instead.',
    )
    expect(message(schema, { uid: 1, fields: 'a=b' })).toBe(
      'Argument "fields" must be an object as the schema declares, but text was sent: "a=b".',
    )
    expect(message(schema, { uid: 1, field: 'video' })).toBe(
      'Argument "field" must be one of "image", "assets", "media", but "video" was sent.',
    )
    expect(message(schema, { uid: 1, titel: 'x' })).toBe(
      '"titel" is not an argument of this tool (the schema takes only "uid", "field", "fields"); leave it out.',
    )
  })

  it('phrase the arguments object itself sensibly', () => {
    expect(message(schema, null)).toBe(
      'The arguments are null, but the schema declares an object, not null; send an object instead.',
    )
    expect(message(schema, 'uid=1')).toBe(
      'The arguments must be an object as the schema declares, but text was sent: "uid=1".',
    )
  })

  it('name a nested object as the place of an excluded argument', () => {
    const nested = {
      properties: { fields: { properties: { a: {} }, additionalProperties: false } },
    }
    expect(message(nested, { fields: { b: 1 } })).toBe(
      '"fields.b" is not allowed in "fields" (the schema takes only "a"); leave it out.',
    )
  })

  it('show a short preview, never the whole value', () => {
    const long = 'x'.repeat(100_000)
    const text = message({ type: 'object' }, long)
    expect(text.length).toBeLessThan(200)
    expect(text).toContain('"xxxx')
    const list = message(
      { type: 'string' },
      Array.from({ length: 10_000 }, (_, i) => i),
    )
    expect(list.length).toBeLessThan(200)
    expect(list).toMatch(/…\.$/)
  })

  it('stay on one line whatever the sent keys and values hold', () => {
    const found = checkArguments(
      { type: 'object', properties: { t: { type: 'string' } }, additionalProperties: false },
      { 'a\nb\u2028c': 1, t: ['line\nbreak\r', '"quoted"'] },
    )
    expect(found).toHaveLength(2)
    for (const m of found) expect(m.message).not.toMatch(/[\n\r\u0085\u2028\u2029]/)
  })

  it('list a long enum only in part', () => {
    const members = Array.from({ length: 500 }, (_, i) => `v${i}`)
    const text = message({ enum: members }, 'none')
    expect(text).toContain('(500 values in all)')
    expect(text.length).toBeLessThan(300)
  })
})

describe('preview and truncate', () => {
  it('never split a surrogate pair', () => {
    const text = `${'a'.repeat(9)}😀tail`
    expect(truncate(text, 10)).toBe(`${'a'.repeat(9)}…`)
    expect(truncate(text, 11)).toBe(`${'a'.repeat(9)}😀…`)
    const shown = preview(`${'b'.repeat(39)}😀😀`)
    expect(shown).toBe(`"${'b'.repeat(39)}"…`)
    expect(shown).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/)
  })

  it('leave short values whole and mark cut ones', () => {
    expect(preview({ a: [1, true, null] })).toBe('{"a":[1,true,null]}')
    expect(preview([[[[[[]]]]]], 4)).toBe('[[[[…')
    expect(preview(undefined)).toBe('undefined')
  })

  it('quote untrusted text as one JSON line', () => {
    expect(quote('plain')).toBe('"plain"')
    expect(quote('a"b\nc\u2028')).toBe('"a\\"b\\nc\\u2028"')
  })
})

describe('truncate, for any text', () => {
  it('keeps a prefix and never ends inside a surrogate pair', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.nat(60), (text, max) => {
        const cut = truncate(text, max)
        if (cut === text) return
        const kept = cut.slice(0, -1)
        expect(text.startsWith(kept)).toBe(true)
        expect(kept.length).toBeLessThanOrEqual(max)
        const last = kept.charCodeAt(kept.length - 1)
        expect(last >= 0xd800 && last <= 0xdbff).toBe(false)
      }),
    )
  })
})
