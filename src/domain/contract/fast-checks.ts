import { z } from '../zod'

/**
 * A plain stand-in for zod's own checks of one schema, from which `fast-runs-page.ts` is
 * generated: `leaf`, the whole verdict on a value of a schema without parts (its output is the
 * value itself); `refine`, the verdict of an object schema's refinements on the object its fields
 * gave. Each must say what zod says (fast-runs-page.test.ts compares them on random values).
 */
export interface FastCheck {
  leaf?: (value: unknown) => boolean
  refine?: (parsed: Record<string, unknown>) => boolean
}

/** The schemas that have a {@link FastCheck}; each entry is made beside its schema. */
export const fastChecks = z.registry<FastCheck>()

/** `schema`, registered with `accepts` as its leaf check. */
export function leaf<T extends z.ZodType>(schema: T, accepts: (value: unknown) => boolean): T {
  fastChecks.add(schema as z.ZodType, { leaf: accepts })
  return schema
}

export const isText = (v: unknown): boolean => typeof v === 'string'
export const isNonEmptyText = (v: unknown): boolean => typeof v === 'string' && v !== ''
export const isFlag = (v: unknown): boolean => typeof v === 'boolean'
export const isInteger = (v: unknown): boolean => Number.isSafeInteger(v)
export const isCount = (v: unknown): boolean => Number.isSafeInteger(v) && Number(v) >= 0
export const isPositive = (v: unknown): boolean => Number.isSafeInteger(v) && Number(v) >= 1
export const isAmount = (v: unknown): boolean =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0

// The leaves the contract's runs are made of.
export const text = leaf(z.string(), isText)
export const nonEmptyText = leaf(z.string().min(1), isNonEmptyText)
export const flag = leaf(z.boolean(), isFlag)
export const integer = leaf(z.number().int(), isInteger)
export const count = leaf(z.number().int().min(0), isCount)
export const positive = leaf(z.number().int().min(1), isPositive)
export const amount = leaf(z.number().min(0), isAmount)
