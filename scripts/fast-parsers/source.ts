// The source of src/domain/contract's fast-runs-page.ts and fast-summary.ts, written from their
// zod schemas (decision 0013). `npm run write:parsers` writes them; a unit test compares them.
import { fileURLToPath } from 'node:url'
import { format, resolveConfig } from 'prettier'
import { z } from '@/domain/zod'
import * as checks from '@/domain/contract/fast-checks'
import * as instant from '@/domain/contract/instant'
import * as run from '@/domain/contract/run'
import * as summary from '@/domain/contract/summary'

/** The modules whose exports the written code may call, by the path it imports them from. */
const MODULES: Record<string, Record<string, unknown>> = {
  './fast-checks': checks,
  './instant': instant,
  './run': run,
  './summary': summary,
}

/** One written parser: its schema, the type and module it answers with, its name and doc. */
export interface FastTarget {
  schema: z.core.$ZodType
  /** The module (a key of MODULES) that exports `schema` and `type`. */
  module: string
  schemaName: string
  type: string
  /** The exported function's name, and the file it is written to (in src/domain/contract). */
  name: string
  file: string
  /** The body's lines of the function's doc comment. */
  doc: string
}

/** Where the written files go. */
export const CONTRACT_DIR = fileURLToPath(new URL('../../src/domain/contract/', import.meta.url))

export const RUNS_PAGE: FastTarget = {
  schema: run.runsPageSchema,
  module: './run',
  schemaName: 'runsPageSchema',
  type: 'RunsPage',
  name: 'fastRunsPage',
  file: 'fast-runs-page.ts',
  doc: `A \`/runs\` page validated and stripped as \`runsPageSchema\` does, without zod's cost (a busy
 * year is a few million steps, each checked on every load): null for anything zod would reject,
 * and the caller then asks zod for the precise error. An optional field the page leaves out is
 * undefined here rather than absent, which JSON and every reader take alike; each object then
 * has one shape.`,
}

export const SUMMARY: FastTarget = {
  schema: summary.summaryResponseSchema,
  module: './summary',
  schemaName: 'summaryResponseSchema',
  type: 'SummaryResponse',
  name: 'fastSummaryResponse',
  file: 'fast-summary.ts',
  doc: `A \`/summary\` body validated and stripped as \`summaryResponseSchema\` does, without zod's cost
 * (a year is tens of thousands of rows, zod's checks of them a tenth of a second in a browser):
 * null for anything zod would reject, and the caller then asks zod for the precise error. An
 * optional field the body leaves out is undefined here rather than absent.`,
}
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** The exported name of `value` in one of the modules, or null. */
function exportOf(value: unknown): { path: string; name: string } | null {
  for (const [path, exports] of Object.entries(MODULES)) {
    const name = Object.keys(exports).find((key) => exports[key] === value)
    if (name !== undefined) return { path, name }
  }
  return null
}

class Writer {
  readonly functions: string[] = []
  readonly imports = new Map<string, Set<string>>()
  private readonly names = new Map<z.core.$ZodType, string>()

  /** `value`'s exported name, imported into the written module. */
  private imported(value: unknown, what: string): string {
    const found = exportOf(value)
    if (found === null)
      throw new Error(`${what}: its fast check is not exported by a contract module`)
    const names = this.imports.get(found.path) ?? new Set<string>()
    this.imports.set(found.path, names.add(found.name))
    return found.name
  }

  /** A condition true when `x` is valid, for a leaf (maybe optional or nullable); else null. */
  private validity(schema: z.core.$ZodType, x: string, path: string): string | null {
    const accepts = checks.fastChecks.get(schema)?.leaf
    if (accepts !== undefined) return `${this.imported(accepts, path)}(${x})`
    if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) {
      const inner = this.validity(schema.unwrap(), x, path)
      const none = schema instanceof z.ZodOptional ? 'undefined' : 'null'
      return inner === null ? null : `(${x} === ${none} || ${inner})`
    }
    return null
  }

  /** An expression for `x` parsed by `schema`: its output, or INVALID. */
  private parsed(schema: z.core.$ZodType, x: string, path: string, name: string): string {
    const valid = this.validity(schema, x, path)
    if (valid !== null) return `${valid} ? ${x} : INVALID`
    if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) {
      const none = schema instanceof z.ZodOptional ? 'undefined' : 'null'
      return `${x} === ${none} ? ${none} : ${this.parsed(schema.unwrap(), x, path, name)}`
    }
    if (schema instanceof z.ZodArray && !schema.def.checks?.length) {
      const element = schema.element
      const item =
        this.validity(element, 'x', `${path}[]`) === null
          ? this.parser(element, `${path}[]`, `${name}Item`)
          : `(x) => ${this.parsed(element, 'x', `${path}[]`, name)}`
      return `listOf(${x}, ${item})`
    }
    return `${this.parser(schema, path, name)}(${x})`
  }

  /** The name of the written function that parses `schema`, an object. */
  parser(schema: z.core.$ZodType, path: string, fallback: string): string {
    const known = this.names.get(schema)
    if (known !== undefined) return known
    const exported = exportOf(schema)?.name
    const base = exported?.endsWith('Schema') ? exported.slice(0, -'Schema'.length) : fallback
    const name = `parse${capital(base)}`
    this.names.set(schema, name)
    const at = this.functions.push('') - 1
    const checked = (schema instanceof z.ZodType && schema.def.checks?.length) || 0
    const refine = checks.fastChecks.get(schema)?.refine
    if (schema instanceof z.ZodObject && schema.def.catchall === undefined) {
      if (checked > 0 && refine === undefined)
        throw new Error(`${path}: refinements without a registered refine check`)
      this.functions[at] = this.object(schema.shape, path, base, refine)
      return name
    }
    throw new Error(`${path}: no fast check (register a leaf check beside its schema)`)
  }

  private object(
    shape: Record<string, z.core.$ZodType>,
    path: string,
    base: string,
    refine: ((parsed: Record<string, unknown>) => boolean) | undefined,
  ): string {
    const read: string[] = []
    const lines: string[] = []
    for (const [key, field] of Object.entries(shape)) {
      if (!IDENTIFIER.test(key) || ['v', 'x', 'out', 'INVALID', 'isObject', 'listOf'].includes(key))
        throw new Error(`${path}.${key}: a key the written code cannot name`)
      const valid = this.validity(field, key, `${path}.${key}`)
      if (valid !== null) {
        read.push(key)
        lines.push(`if (!${valid}) return INVALID`)
      } else {
        const value = this.parsed(field, `v.${key}`, `${path}.${key}`, `${base}${capital(key)}`)
        lines.push(`const ${key} = ${value}`, `if (${key} === INVALID) return INVALID`)
      }
    }
    const keys = Object.keys(shape).join(', ')
    const result = refine
      ? `const out = { ${keys} }\nreturn ${this.imported(refine, path)}(out) ? out : INVALID`
      : `return { ${keys} }`
    return `function parse${capital(base)}(v: unknown): unknown {
      if (!isObject(v)) return INVALID
      ${read.length > 0 ? `const { ${read.join(', ')} } = v` : ''}
      ${lines.join('\n')}
      ${result}
    }`
  }
}

/**
 * The source of a target's file: one plain function per object and array of its schema, each
 * field checked by its schema's registered {@link checks.FastCheck}, formatted as the repository
 * formats code. Throws for a part it cannot write that way.
 */
export async function fastParserSource(target: FastTarget): Promise<string> {
  const writer = new Writer()
  const root = target.schemaName.replace(/Schema$/, '')
  const top = writer.parser(target.schema, root, root)
  const imports = [...writer.imports]
    .map(([path, names]) => {
      const types = path === target.module ? [`type ${target.type}`] : []
      return `import { ${[...[...names].sort(), ...types].join(', ')} } from '${path}'`
    })
    .sort()
  if (!writer.imports.has(target.module)) {
    imports.push(`import type { ${target.type} } from '${target.module}'`)
  }
  imports.push(`import { INVALID, isObject, listOf } from './fast-parse-parts'`)
  const source = `// Written from ${target.schemaName} (${target.module.slice(2)}.ts) by scripts/fast-parsers; do not edit.
// After a contract change, scripts/fast-parsers/written.test.ts fails until \`npm run write:parsers\`
// writes the file anew.
${imports.join('\n')}

/**
 * ${target.doc}
 */
export function ${target.name}(raw: unknown): ${target.type} | null {
  const parsed = ${top}(raw)
  return parsed === INVALID ? null : (parsed as ${target.type})
}

${writer.functions.join('\n\n')}
`
  const config = await resolveConfig(fileURLToPath(import.meta.url))
  return format(source, { ...config, parser: 'typescript' })
}
