import type { MismatchKind } from '../types'

/** A table row: `refuse` lists the expected [kind, path] pairs; an empty list means it passes. */
export interface Row {
  sentence: string
  schema: unknown
  args: unknown
  refuse: Array<[MismatchKind, string]>
}

/** An object schema with these properties and required names, plus any further keywords. */
export const obj = (properties: Record<string, unknown>, required: string[] = [], extra = {}) => ({
  type: 'object',
  properties,
  required,
  ...extra,
})
export const INT = { type: 'integer' }
export const TEXT = { type: 'string' }
export const BOOL = { type: 'boolean' }
export const NUM = { type: 'number' }
