import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { remoteHintsSchema } from './contract'
import { REMOTE_ANNOTATIONS_MAX_LENGTH, remoteAnnotationsText, remoteHintsOf } from './remote-hints'

describe('remoteHintsOf', () => {
  it('reads the boolean hints a server declared, and nothing else', () => {
    expect(remoteHintsOf('{"readOnlyHint":true}')).toEqual({ readOnlyHint: true })
    expect(
      remoteHintsOf(
        '{"title":"Search","readOnlyHint":false,"destructiveHint":true,"idempotentHint":false,"openWorldHint":true,"dataClass":"publicContent"}',
      ),
    ).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: true,
    })
  })

  it('reads nothing from empty, damaged, non-object or oversized text', () => {
    for (const stored of [
      null,
      undefined,
      '',
      '[]', // PHP's json_encode of an empty annotations block
      '{}',
      '[true]',
      'null',
      'true',
      '"readOnlyHint"',
      '{"readOnlyHint":true',
      '{"title":"only a title"}',
      `{"readOnlyHint":true,"x":"${'a'.repeat(REMOTE_ANNOTATIONS_MAX_LENGTH)}"}`,
    ]) {
      expect(remoteHintsOf(stored), String(stored)).toBeUndefined()
    }
  })

  it('leaves out hints of another type, and keys of hostile names', () => {
    expect(
      remoteHintsOf(
        JSON.stringify({
          readOnlyHint: 'yes',
          destructiveHint: 1,
          idempotentHint: null,
          openWorldHint: { toString: 'x' },
          __proto__: { readOnlyHint: true },
          constructor: true,
        }),
      ),
    ).toBeUndefined()
    expect(remoteHintsOf('{"__proto__":{"readOnlyHint":true},"destructiveHint":false}')).toEqual({
      destructiveHint: false,
    })
    expect(remoteHintsOf('{"readOnlyHint":"<img src=x onerror=alert(1)>\\u0000"}')).toBeUndefined()
  })

  it('keeps the last of repeated keys, as JSON.parse and PHP do', () => {
    expect(remoteHintsOf('{"readOnlyHint":true,"readOnlyHint":false}')).toEqual({
      readOnlyHint: false,
    })
  })

  it('never throws, and what it reads always fits the contract', () => {
    fc.assert(
      fc.property(
        // Any text, any JSON, and JSON cut short (a block the database truncated).
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.json().map((text) => text.slice(0, text.length >> 1)),
        ),
        (stored) => {
          const hints = remoteHintsOf(stored)
          if (hints !== undefined) expect(remoteHintsSchema.strict().parse(hints)).toEqual(hints)
        },
      ),
    )
  })

  it('reads back what remoteAnnotationsText stores', () => {
    const hint = fc.option(fc.boolean(), { nil: undefined })
    fc.assert(
      fc.property(
        fc.record({
          readOnlyHint: hint,
          destructiveHint: hint,
          idempotentHint: hint,
          openWorldHint: hint,
        }),
        (record) => {
          const hints = Object.fromEntries(
            Object.entries(record).filter(([, value]) => value !== undefined),
          )
          const expected = Object.keys(hints).length > 0 ? hints : undefined
          expect(remoteHintsOf(remoteAnnotationsText(expected))).toEqual(expected)
        },
      ),
    )
  })
})
