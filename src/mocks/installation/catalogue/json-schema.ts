import type { z } from '@/domain/zod'
import type { toolSchema } from '@/domain/contract'

/** A JSON Schema node as the catalogue writes it. */
export type JsonSchema = Record<string, unknown>

/** A tool as served by `/tools` (the contract's input shape). */
export type ToolDefinition = z.input<typeof toolSchema>

export const int = (): JsonSchema => ({ type: 'integer' })
export const str = (): JsonSchema => ({ type: 'string' })
export const bool = (): JsonSchema => ({ type: 'boolean' })
export const strList = (): JsonSchema => ({ type: 'array', items: { type: 'string' } })
export const oneOf = (...values: string[]): JsonSchema => ({ type: 'string', enum: values })
export const anyObject = (): JsonSchema => ({ type: 'object', additionalProperties: true })

/**
 * An object schema with `required` only when something is required; `closed` adds
 * `additionalProperties: false` (the writing tools refuse unknown arguments themselves).
 */
export function params(
  properties: Record<string, JsonSchema>,
  required: readonly string[] = [],
  closed = false,
): JsonSchema {
  const schema: JsonSchema = { type: 'object', properties }
  if (required.length > 0) schema.required = [...required]
  if (closed) schema.additionalProperties = false
  return schema
}
