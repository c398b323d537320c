/**
 * Proves that the two descriptions of the diagnostics API agree: the zod schemas in
 * src/domain/contract (the source of the TypeScript types) and docs/api/openapi.yaml.
 *
 * 1. The OpenAPI document describes every endpoint, parameter and error response.
 * 2. Property by property, both accept and reject the same values (probe values on valid bases).
 * 3. Every response of the mock API validates against both.
 * 4. Hand-made responses that break the contract are rejected by both.
 * The optional `GET /summary` (decision 0008) is held to the same four.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020'
import { parse } from 'yaml'
import { beforeEach, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  effectCallsSchema,
  effectResponseSchema,
  effectSideSchema,
  errorBodySchema,
  instantSchema,
  metaSchema,
  refusedCallsSchema,
  runRowItemSchema,
  runListPageSchema,
  runRowsPageSchema,
  runSchema,
  runsPageSchema,
  stepSchema,
  summaryCallsSchema,
  summaryResponseSchema,
  summaryStatusCountSchema,
  toolSchema,
  toolsResponseSchema,
  unreadableStepSchema,
} from '@/domain/contract'
import { createHandlers, DEFAULT_BASE_URL, handlers } from '@/mocks/handlers'
import { createInstallation } from '@/mocks/installation'
import { createHostileInstallation } from '@/mocks/variants'
import { server } from '@/testing/msw-server'

// ---------------------------------------------------------------------------------------------
// The OpenAPI document, compiled with Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1)

type Json = Record<string, unknown>

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const DOC_ID = 'https://diagnostics.invalid/openapi.yaml'
// A string, not a URL object: under jsdom `URL` is jsdom's, which node:url does not take.
const OPENAPI_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../docs/api/openapi.yaml',
)
const docText = readFileSync(OPENAPI_FILE, 'utf8')
const parsedDoc: unknown = parse(docText)
if (!isRecord(parsedDoc)) throw new Error('docs/api/openapi.yaml is not a YAML mapping')
const doc: Json = parsedDoc

const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:Z|([+-])(\d{2}):(\d{2}))$/

/**
 * RFC 3339 `date-time` as the contract uses it: a real calendar date, seconds required, an
 * offset required (`Z` or `±hh:mm`). Like zod's `z.iso.datetime`, it takes only an upper-case
 * `T`/`Z` and no leap second (`:60`), which RFC 3339 would allow.
 */
function isRfc3339(value: string): boolean {
  const match = RFC3339.exec(value)
  if (!match) return false
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number)
  const [offsetHour, offsetMinute] = [Number(match[8] ?? 0), Number(match[9] ?? 0)]
  if (year === undefined || month === undefined || day === undefined) return false
  if (month < 1 || month > 12 || day < 1) return false
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return false
  return (
    (hour ?? 99) < 24 &&
    (minute ?? 99) < 60 &&
    (second ?? 99) < 60 &&
    offsetHour < 24 &&
    offsetMinute < 60
  )
}

/** RFC 3339 `full-date` (`YYYY-MM-DD`) naming a real calendar day. */
function isFullDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

const ajv = new Ajv2020({ strict: false, allErrors: true })
ajv.addFormat('date-time', { type: 'string', validate: isRfc3339 })
ajv.addFormat('date', { type: 'string', validate: isFullDate })
ajv.addSchema({ ...doc, $id: DOC_ID })

function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1')
}

/** Walks a JSON pointer (`/paths/~1runs/get`) through the document. */
function at(pointer: string): unknown {
  let node: unknown = doc
  for (const raw of pointer.split('/').slice(1)) {
    const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~')
    if (Array.isArray(node)) node = node[Number(segment)]
    else node = isRecord(node) ? node[segment] : undefined
  }
  return node
}

/** Follows a local `$ref` (possibly several) and returns the pointer of the object it names. */
function deref(pointer: string): string {
  const node = at(pointer)
  if (isRecord(node) && typeof node.$ref === 'string') {
    if (!node.$ref.startsWith('#/')) throw new Error(`Only local $refs are expected: ${node.$ref}`)
    return deref(node.$ref.slice(1))
  }
  return pointer
}

function compiled(pointer: string): ValidateFunction {
  const validate = ajv.getSchema(`${DOC_ID}#${pointer}`)
  if (!validate) throw new Error(`No schema at ${pointer}`)
  return validate
}

function componentValidator(name: string): ValidateFunction {
  return compiled(`/components/schemas/${name}`)
}

function operationPointer(path: string, method = 'get'): string {
  return `/paths/${escapePointer(path)}/${method}`
}

/** The validator of the JSON body the document declares for `path` answering `status`. */
function responseValidator(path: string, status: number): ValidateFunction {
  const declared = `${operationPointer(path)}/responses/${status}`
  if (at(declared) === undefined)
    throw new Error(`openapi.yaml declares no ${status} for GET ${path}`)
  const schema = `${deref(declared)}/content/application~1json/schema`
  if (at(schema) === undefined)
    throw new Error(`openapi.yaml declares no JSON body for ${status} of ${path}`)
  return compiled(schema)
}

function ajvProblems(validate: ValidateFunction, value: unknown): string[] {
  if (validate(value)) return []
  return (validate.errors ?? []).map(
    (e: ErrorObject) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`,
  )
}

function zodProblems(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value)
  if (result.success) return []
  return result.error.issues.map((issue) => `/${issue.path.join('/')} ${issue.message}`)
}

/** Both validators' complaints about `value`, labelled; empty when both accept it. */
function problems(pair: Pair, value: unknown): string[] {
  return [
    ...zodProblems(pair.zod, value).map((p) => `zod ${p}`),
    ...ajvProblems(pair.openapi, value).map((p) => `openapi ${p}`),
  ]
}

interface Pair {
  zod: z.ZodType
  openapi: ValidateFunction
}

// ---------------------------------------------------------------------------------------------
// Valid hand-made responses, the bases for probes and negative cases

const validStep = (): Json => ({
  sequence: 4,
  kind: 'tool',
  round: 2,
  occurredAt: '2026-11-03T14:05:09.120Z',
  durationMs: 812,
  toolName: 'update_page_metadata',
  toolIsError: false,
  toolRefusal: null,
  writeTarget: { table: 'pages', uid: 42 },
})

const validRun = (): Json => ({
  uuid: '3f1c9a2e-7d4b-4c55-9f0e-1a2b3c4d5e6f',
  status: 'completed',
  configuration: 'page-editor',
  startedAt: '2026-11-03T14:05:00Z',
  finishedAt: '2026-11-03T14:06:00+01:00',
  terminationReason: 'completed',
  steps: [
    { sequence: 0, kind: 'request', round: 0, occurredAt: '2026-11-03T14:05:00Z', durationMs: 0 },
    {
      sequence: 1,
      kind: 'llm',
      round: 1,
      occurredAt: '2026-11-03T14:05:01Z',
      durationMs: 1500.5,
      promptTokens: 1200,
      completionTokens: 80,
      finishReason: 'tool_calls',
    },
    {
      sequence: 2,
      kind: 'approval',
      round: 1,
      occurredAt: '2026-11-03T14:05:03Z',
      durationMs: 9000,
      approved: true,
    },
    validStep(),
  ],
})

const validUnreadableStep = (): Json => ({
  sequence: 7,
  kind: 'tool',
  round: 3,
  occurredAt: '2026-11-03T14:05:09.000Z',
  toolName: 'update_page_metadata',
  listed: false,
  reason: '"toolIsError": expected boolean, received string',
})

const validMeta = (): Json => ({
  installation: 'Demo installation',
  privacyLevel: 'metadata',
  earliestAt: '2026-09-01T06:02:11Z',
  latestAt: '2026-11-28T17:40:00Z',
  retentionDays: 30,
  argumentCheckSince: '2026-11-05T09:00:00Z',
})

const validTool = (): Json => ({
  name: 'mcp_dam_find_assets',
  source: 'mcp',
  server: 'dam',
  group: 'mcp_dam',
  effect: 'non_idempotent_write',
  approval: false,
  input: false,
  parameters: { type: 'object', properties: { query: { type: ['string', 'null'] } } },
  effectAssumed: true,
  remoteHints: { readOnlyHint: true, openWorldHint: false },
})

const validPage = (): Json => ({
  runs: [validRun()],
  nextCursor: 'eyJ0IjoiMjAyNi0xMS0wMyJ9',
  totalRuns: 612,
})

/** A run row whose calls leave room for every probe value (the sum rule is zod's alone). */
const validRunRow = (): Json => ({
  uuid: '0b9f5a52-8c1e-4f37-9a53-3c1f8f0e2d11',
  status: 'completed',
  configuration: 'page-editor',
  startedAt: '2026-11-03T14:05:09Z',
  finishedAt: null,
  rounds: 4,
  toolCalls: 100_000,
  failed: 0,
  denied: 0,
  refused: [],
})

const validEffectCalls = (): Json => ({
  tool: 'update_page_metadata',
  outcome: 'refused:arguments',
  calls: 3,
})

const validEffectSide = (): Json => ({
  runs: 12,
  runsWithRefusal: 2,
  runsWithFailure: 1,
  calls: [validEffectCalls(), { tool: '__proto__', outcome: 'succeeded', calls: 9 }],
  recovery: {
    refusals: 3,
    nextRound: 1,
    later: 1,
    notRecovered: 1,
    stillOpen: 0,
    neverCalledAgain: 1,
    correctiveRounds: [
      { rounds: 1, count: 1 },
      { rounds: 3, count: 1 },
    ],
    notRecoveredByStatus: [{ status: 'failed', count: 1 }],
  },
  turn: { notRun: 2, resentNextRound: 1 },
  saved: {
    refusedTurns: 2,
    approvalCards: 1,
    questions: 0,
    externalCalls: 1,
    refusedOutsideCatalogue: 0,
  },
  unreadableToolSteps: 1,
})

const validEffect = (): Json => ({ runs: 14, before: validEffectSide(), after: validEffectSide() })

const validRowsPage = (): Json => ({ rows: [validRunRow()], nextCursor: 'dTEy', totalRuns: 9 })

const validListPage = (): Json => ({
  rows: [validRunRow()],
  offset: 100,
  totalRuns: 9,
  calls: 4,
  rangeRuns: 12,
  configurations: ['', '__proto__'],
  statuses: ['completed'],
  otherCodes: ['schema'],
})

const validError = (): Json => ({ error: 'not_found', message: 'No run with this uuid.' })

const validCalls = (): Json => ({
  day: '2026-11-02',
  tool: 'update_page_metadata',
  outcome: 'succeeded',
  code: null,
  calls: 17,
})

const validRefusedCalls = (): Json => ({ ...validCalls(), outcome: 'refused', code: 'arguments' })

const validStatusCount = (): Json => ({ status: 'completed', runs: 39 })

const validSummary = (): Json => ({
  from: '2026-10-31T23:00:00Z',
  to: '2026-11-02T23:00:00.000Z',
  tz: 'Europe/Berlin',
  tools: [],
  runs: 41,
  runsWithCalls: 38,
  runsWithRefusal: 5,
  runsWithFailure: 3,
  runsByStatus: [validStatusCount()],
  rows: [validCalls(), validRefusedCalls()],
  stepKinds: ['request', 'llm', 'tool'],
})

const PAIRS = {
  Meta: { zod: metaSchema, openapi: componentValidator('Meta') },
  RunsPage: { zod: runsPageSchema, openapi: componentValidator('RunsPage') },
  RunRowsPage: { zod: runRowsPageSchema, openapi: componentValidator('RunRowsPage') },
  RunListPage: { zod: runListPageSchema, openapi: componentValidator('RunListPage') },
  RunRow: { zod: runRowItemSchema, openapi: componentValidator('RunRow') },
  RefusedCalls: { zod: refusedCallsSchema, openapi: componentValidator('RefusedCalls') },
  EffectResponse: { zod: effectResponseSchema, openapi: componentValidator('EffectResponse') },
  EffectSide: { zod: effectSideSchema, openapi: componentValidator('EffectSide') },
  EffectCalls: { zod: effectCallsSchema, openapi: componentValidator('EffectCalls') },
  Run: { zod: runSchema, openapi: componentValidator('Run') },
  Step: { zod: stepSchema, openapi: componentValidator('Step') },
  UnreadableStep: { zod: unreadableStepSchema, openapi: componentValidator('UnreadableStep') },
  ToolsResponse: { zod: toolsResponseSchema, openapi: componentValidator('ToolsResponse') },
  Tool: { zod: toolSchema, openapi: componentValidator('Tool') },
  Error: { zod: errorBodySchema, openapi: componentValidator('Error') },
  SummaryResponse: { zod: summaryResponseSchema, openapi: componentValidator('SummaryResponse') },
  SummaryCalls: { zod: summaryCallsSchema, openapi: componentValidator('SummaryCalls') },
  SummaryStatusCount: {
    zod: summaryStatusCountSchema,
    openapi: componentValidator('SummaryStatusCount'),
  },
} satisfies Record<string, Pair>

// ---------------------------------------------------------------------------------------------

describe('docs/api/openapi.yaml', () => {
  it('is OpenAPI 3.1 with the four endpoints of the contract and the optional five', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/)
    expect(Object.keys(isRecord(doc.paths) ? doc.paths : {}).sort()).toEqual([
      '/effect',
      '/installations',
      '/meta',
      '/run-list',
      '/run-rows',
      '/runs',
      '/runs/{uuid}',
      '/summary',
      '/tools',
    ])
  })

  it('declares the 200 body and every error response of each endpoint', () => {
    const expected: Record<string, { ok: string; errors: number[] }> = {
      '/meta': { ok: '#/components/schemas/Meta', errors: [401, 403, 429, 500, 503] },
      '/runs': { ok: '#/components/schemas/RunsPage', errors: [400, 401, 403, 429, 500, 503] },
      '/runs/{uuid}': { ok: '#/components/schemas/Run', errors: [401, 403, 404, 429, 500, 503] },
      '/tools': { ok: '#/components/schemas/ToolsResponse', errors: [401, 403, 429, 500, 503] },
      '/summary': {
        ok: '#/components/schemas/SummaryResponse',
        errors: [400, 401, 403, 404, 429, 500, 501, 503],
      },
      '/run-rows': {
        ok: '#/components/schemas/RunRowsPage',
        errors: [400, 401, 403, 404, 429, 500, 501, 503],
      },
      '/run-list': {
        ok: '#/components/schemas/RunListPage',
        errors: [400, 401, 403, 404, 429, 500, 501, 503],
      },
      '/effect': {
        ok: '#/components/schemas/EffectResponse',
        errors: [400, 401, 403, 404, 429, 500, 501, 503],
      },
    }
    for (const [path, { ok, errors }] of Object.entries(expected)) {
      const responses = `${operationPointer(path)}/responses`
      expect(at(`${responses}/200/content/application~1json/schema/$ref`), path).toBe(ok)
      for (const status of errors) {
        const body = `${deref(`${responses}/${status}`)}/content/application~1json/schema/$ref`
        expect(at(body), `${status} of ${path}`).toBe('#/components/schemas/Error')
        const retryAfter = at(`${deref(`${responses}/${status}`)}/headers/Retry-After`)
        expect(retryAfter !== undefined, `Retry-After on ${status} of ${path}`).toBe(
          status === 429 || status === 503,
        )
      }
    }
  })

  it('declares the query parameters of /runs as the contract does', () => {
    const declared = at(`${operationPointer('/runs')}/parameters`)
    const params = (Array.isArray(declared) ? declared : []).map((p: unknown, i: number) =>
      at(deref(`${operationPointer('/runs')}/parameters/${i}`)),
    )
    const byName = new Map(params.filter(isRecord).map((p) => [p.name, p]))
    expect([...byName.keys()].sort()).toEqual(['cursor', 'from', 'limit', 'to', 'tool'])
    for (const param of byName.values()) {
      expect(param.in).toBe('query')
      expect(param.required ?? false).toBe(false)
    }
    expect(byName.get('from')?.schema).toMatchObject({ type: 'string', format: 'date-time' })
    expect(byName.get('to')?.schema).toMatchObject({ type: 'string', format: 'date-time' })
    expect(byName.get('tool')).toMatchObject({
      explode: true,
      schema: { type: 'array', items: { type: 'string' } },
    })
    expect(byName.get('limit')?.schema).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 500,
      default: 200,
    })
  })

  it('declares the query parameters of the optional /summary, and 404 and 501 as "not offered"', () => {
    const pointer = operationPointer('/summary')
    const declared = at(`${pointer}/parameters`)
    const params = (Array.isArray(declared) ? declared : []).map((_p: unknown, i: number) =>
      at(deref(`${pointer}/parameters/${i}`)),
    )
    const byName = new Map(params.filter(isRecord).map((p) => [p.name, p]))
    expect([...byName.keys()].sort()).toEqual(['from', 'to', 'tool', 'tz'])
    for (const param of byName.values()) expect(param.in).toBe('query')
    for (const name of ['from', 'to']) {
      expect(byName.get(name)).toMatchObject({
        required: true,
        schema: { type: 'string', format: 'date-time' },
      })
    }
    expect(byName.get('tz')).toMatchObject({ required: true, schema: { type: 'string' } })
    expect(byName.get('tool')).toMatchObject({ explode: true, schema: { type: 'array' } })
    expect(byName.get('tool')?.required ?? false).toBe(false)
    const notOffered = '#/components/responses/NotOffered'
    expect(at(`${pointer}/responses/404/$ref`)).toBe(notOffered)
    expect(at(`${pointer}/responses/501/$ref`)).toBe(notOffered)
    expect(String(at(`${pointer}/description`))).toMatch(/optional/i)
  })

  it('never closes a response object to unknown keys', () => {
    const closed: string[] = []
    const walk = (node: unknown, where: string): void => {
      if (Array.isArray(node)) node.forEach((item, i) => walk(item, `${where}/${i}`))
      if (!isRecord(node)) return
      if (node.additionalProperties === false || node.unevaluatedProperties === false)
        closed.push(where)
      for (const [key, value] of Object.entries(node)) walk(value, `${where}/${key}`)
    }
    walk(doc.components, '#/components')
    walk(doc.paths, '#/paths')
    expect(closed).toEqual([])
  })
})

describe('zod and OpenAPI judge the same values alike', () => {
  const TIMES: [string, boolean][] = [
    ['2026-11-03T14:05:09.120Z', true],
    ['2026-11-03T14:05:09Z', true],
    ['2026-11-03T15:05:09+01:00', true],
    ['2026-11-03T09:05:09.1234567-05:00', true],
    ['2028-02-29T00:00:00Z', true],
    ['2026-11-03T14:05Z', false],
    ['2026-11-03T14:05:09', false],
    ['2026-11-03 14:05:09Z', false],
    ['2026-11-03T14:05:09+0100', false],
    ['2026-02-30T10:00:00Z', false],
    ['2026-13-01T10:00:00Z', false],
    ['2026-11-03T24:00:00Z', false],
    ['2026-11-03', false],
    ['yesterday', false],
    ['', false],
  ]

  it.each(TIMES)('date-time %s → %s in both', (value, valid) => {
    expect(isRfc3339(value)).toBe(valid)
    expect(instantSchema.safeParse(value).success).toBe(valid)
    expect(ajvProblems(componentValidator('Instant'), value)).toHaveLength(valid ? 0 : 1)
  })

  const PROBES: unknown[] = [
    undefined,
    null,
    '',
    'zzz-not-a-known-value',
    '2026-11-03T14:05:09Z',
    'yesterday',
    0,
    -1,
    1.5,
    501,
    true,
    {},
    [],
    { table: 'pages', uid: 1 },
  ]

  /** Replaces (or with `undefined` removes) one key of a valid base and asks both validators. */
  function disagreements(pair: Pair, base: () => Json, keys: readonly string[]): string[] {
    const found: string[] = []
    expect(problems(pair, base()), 'the base itself is valid').toEqual([])
    for (const key of [...keys, 'someFutureField']) {
      for (const probe of PROBES) {
        const value = base()
        if (probe === undefined) delete value[key]
        else value[key] = probe
        const zodOk = pair.zod.safeParse(value).success
        const openapiOk = pair.openapi(value)
        if (zodOk !== openapiOk) {
          found.push(
            `${key} = ${JSON.stringify(probe)}: zod ${zodOk ? 'accepts' : 'rejects'}, openapi ${openapiOk ? 'accepts' : 'rejects'}`,
          )
        }
      }
    }
    return found
  }

  const propertyNames = (component: string): string[] => {
    const props = at(`/components/schemas/${component}/properties`)
    return isRecord(props) ? Object.keys(props) : []
  }

  it.each([
    ['Meta', metaSchema.shape, validMeta],
    ['Run', runSchema.shape, validRun],
    ['Step', stepSchema.shape, validStep],
    ['UnreadableStep', unreadableStepSchema.shape, validUnreadableStep],
    ['Tool', toolSchema.shape, validTool],
    ['RunsPage', runsPageSchema.shape, validPage],
    ['ToolsResponse', toolsResponseSchema.shape, () => ({ tools: [validTool()] })],
    ['Error', errorBodySchema.shape, validError],
    ['SummaryResponse', summaryResponseSchema.shape, validSummary],
    ['SummaryCalls', summaryCallsSchema.shape, validCalls],
    ['SummaryCalls', summaryCallsSchema.shape, validRefusedCalls],
    ['SummaryStatusCount', summaryStatusCountSchema.shape, validStatusCount],
    ['RunRowsPage', runRowsPageSchema.shape, validRowsPage],
    ['RunListPage', runListPageSchema.shape, validListPage],
    ['RunRow', runRowItemSchema.shape, validRunRow],
    ['RefusedCalls', refusedCallsSchema.shape, () => ({ code: '__proto__', calls: 2 })],
    ['EffectResponse', effectResponseSchema.shape, validEffect],
    ['EffectSide', effectSideSchema.shape, validEffectSide],
    ['EffectCalls', effectCallsSchema.shape, validEffectCalls],
  ] as const)('%s: same properties, same verdict on every probe value', (name, shape, base) => {
    expect(propertyNames(name).sort()).toEqual(Object.keys(shape).sort())
    expect(disagreements(PAIRS[name], base, Object.keys(shape))).toEqual([])
  })

  it('Step.writeTarget: same properties, same verdict on every probe value', () => {
    const writeTarget = stepSchema.shape.writeTarget.unwrap()
    expect(propertyNames('WriteTarget').sort()).toEqual(Object.keys(writeTarget.shape).sort())
    const pair = { zod: writeTarget, openapi: componentValidator('WriteTarget') }
    expect(
      disagreements(pair, () => ({ table: 'pages', uid: 42 }), Object.keys(writeTarget.shape)),
    ).toEqual([])
  })

  it('Tool.remoteHints: same properties, same verdict on every probe value', () => {
    const hints = toolSchema.shape.remoteHints.unwrap()
    expect(propertyNames('RemoteHints').sort()).toEqual(Object.keys(hints.shape).sort())
    const pair = { zod: hints, openapi: componentValidator('RemoteHints') }
    expect(disagreements(pair, () => ({ readOnlyHint: true }), Object.keys(hints.shape))).toEqual(
      [],
    )
  })

  it('a non-tool step needs no tool fields in either', () => {
    const step: Json = { ...validStep(), kind: 'llm' }
    delete step.toolName
    delete step.toolIsError
    expect(problems(PAIRS.Step, step)).toEqual([])
  })
})

describe('a response that breaks the contract is rejected by both', () => {
  const withStep = (change: (step: Json) => void): Json => {
    const step = validStep()
    change(step)
    return { ...validRun(), steps: [step] }
  }
  const without = (value: Json, key: string): Json => {
    const copy = { ...value }
    delete copy[key]
    return copy
  }

  it.each<[string, keyof typeof PAIRS, Json]>([
    ['a step with occurredAt "yesterday"', 'Run', withStep((s) => (s.occurredAt = 'yesterday'))],
    ['a step without occurredAt', 'Run', withStep((s) => delete s.occurredAt)],
    ['a tool step without toolName', 'Run', withStep((s) => delete s.toolName)],
    ['a tool step without toolIsError', 'Run', withStep((s) => delete s.toolIsError)],
    ['a step with a negative sequence', 'Run', withStep((s) => (s.sequence = -1))],
    ['a step with a fractional round', 'Run', withStep((s) => (s.round = 1.5))],
    ['a step with toolIsError "false"', 'Run', withStep((s) => (s.toolIsError = 'false'))],
    ['a write target without uid', 'Run', withStep((s) => (s.writeTarget = { table: 'pages' }))],
    ['a run without uuid', 'Run', without(validRun(), 'uuid')],
    ['a run with an empty status', 'Run', { ...validRun(), status: '' }],
    ['a run whose steps are not a list', 'Run', { ...validRun(), steps: {} }],
    ['a run with finishedAt missing instead of null', 'Run', without(validRun(), 'finishedAt')],
    [
      'a page whose run has no uuid',
      'RunsPage',
      { ...validPage(), runs: [without(validRun(), 'uuid')] },
    ],
    ['a page without totalRuns', 'RunsPage', without(validPage(), 'totalRuns')],
    ['a page with an empty cursor', 'RunsPage', { ...validPage(), nextCursor: '' }],
    ['meta with retentionDays -1', 'Meta', { ...validMeta(), retentionDays: -1 }],
    ['meta with earliestAt a date only', 'Meta', { ...validMeta(), earliestAt: '2026-09-01' }],
    ['a tool with an unknown effect', 'Tool', { ...validTool(), effect: 'destructive' }],
    ['a tool with source "plugin"', 'Tool', { ...validTool(), source: 'plugin' }],
    ['a tool whose parameters are a string', 'Tool', { ...validTool(), parameters: '{}' }],
    ['a tool whose effectAssumed is "yes"', 'Tool', { ...validTool(), effectAssumed: 'yes' }],
    [
      'a tool whose server hint is not a boolean',
      'Tool',
      { ...validTool(), remoteHints: { readOnlyHint: 'true' } },
    ],
    ['a tool whose hints are a list', 'Tool', { ...validTool(), remoteHints: [] }],
    ['a catalogue that is a bare list', 'ToolsResponse', { tools: 'none' }],
    ['an error whose code is a number', 'Error', { error: 404, message: 'Not found' }],
    ['a refused group without its code', 'SummaryCalls', without(validRefusedCalls(), 'code')],
    ['a refused group with a null code', 'SummaryCalls', { ...validRefusedCalls(), code: null }],
    ['a succeeded group with a code', 'SummaryCalls', { ...validCalls(), code: 'arguments' }],
    ['a group on 2026-02-30', 'SummaryCalls', { ...validCalls(), day: '2026-02-30' }],
    ['a group with a time as day', 'SummaryCalls', { ...validCalls(), day: '2026-11-02T00:00Z' }],
    [
      'a group with outcome "refused:turn"',
      'SummaryCalls',
      { ...validCalls(), outcome: 'refused:turn' },
    ],
    ['a group with fractional calls', 'SummaryCalls', { ...validCalls(), calls: 1.5 }],
    ['a group without a tool', 'SummaryCalls', without(validCalls(), 'tool')],
    ['a summary without rows', 'SummaryResponse', without(validSummary(), 'rows')],
    [
      'a summary with runsByStatus as a map',
      'SummaryResponse',
      { ...validSummary(), runsByStatus: { completed: 3 } },
    ],
    [
      'a summary with from a date only',
      'SummaryResponse',
      { ...validSummary(), from: '2026-11-01' },
    ],
    ['a summary without its zone', 'SummaryResponse', without(validSummary(), 'tz')],
    [
      'a summary whose group is broken',
      'SummaryResponse',
      { ...validSummary(), rows: [{ ...validRefusedCalls(), code: null }] },
    ],
    ['a status count without runs', 'SummaryStatusCount', { status: 'completed' }],
    [
      'a run whose unreadable steps are not a list',
      'Run',
      { ...validRun(), unreadableSteps: validUnreadableStep() },
    ],
    [
      'an unreadable step with listed "false"',
      'Run',
      { ...validRun(), unreadableSteps: [{ ...validUnreadableStep(), listed: 'false' }] },
    ],
    [
      'an unreadable step without a reason',
      'UnreadableStep',
      without(validUnreadableStep(), 'reason'),
    ],
    [
      'an unreadable step without its time',
      'UnreadableStep',
      without(validUnreadableStep(), 'occurredAt'),
    ],
    [
      'a summary with unreadableToolSteps -1',
      'SummaryResponse',
      { ...validSummary(), unreadableToolSteps: -1 },
    ],
    [
      'a summary with unreadableToolSteps "3"',
      'SummaryResponse',
      { ...validSummary(), unreadableToolSteps: '3' },
    ],
  ])('%s', (_label, pair, value) => {
    expect(zodProblems(PAIRS[pair].zod, value), 'zod').not.toEqual([])
    expect(ajvProblems(PAIRS[pair].openapi, value), 'openapi').not.toEqual([])
  })

  it.each<[string, keyof typeof PAIRS, Json]>([
    [
      'unknown keys everywhere',
      'Run',
      { ...validRun(), shard: 3, steps: [{ ...validStep(), contentRedacted: true }] },
    ],
    ['a new step kind', 'Run', withStep((s) => Object.assign(s, { kind: 'reflection' }))],
    ['a refusal code "budget"', 'Run', withStep((s) => (s.toolRefusal = 'budget'))],
    ['an absent refusal (before the argument check)', 'Run', withStep((s) => delete s.toolRefusal)],
    [
      'a new run status and termination reason',
      'Run',
      { ...validRun(), status: 'paused', terminationReason: 'quota' },
    ],
    [
      'a run still running',
      'Run',
      { ...validRun(), status: 'running', finishedAt: null, terminationReason: null },
    ],
    [
      'a tool of an older server, without effectAssumed and remoteHints',
      'Tool',
      without(without(validTool(), 'effectAssumed'), 'remoteHints'),
    ],
    [
      'a tool whose server declares a new hint',
      'Tool',
      { ...validTool(), remoteHints: { readOnlyHint: false, futureHint: true } },
    ],
    ['the last page', 'RunsPage', { runs: [], nextCursor: null, totalRuns: 0 }],
    [
      'an empty installation',
      'Meta',
      {
        ...validMeta(),
        earliestAt: null,
        latestAt: null,
        retentionDays: null,
        argumentCheckSince: null,
      },
    ],
    ['an unknown privacy level', 'Meta', { ...validMeta(), privacyLevel: 'aggregated' }],
    ['a group without a code key', 'SummaryCalls', without(validCalls(), 'code')],
    ['a group refused under a new code', 'SummaryCalls', { ...validRefusedCalls(), code: '' }],
    [
      'a summary of nothing, with unknown keys',
      'SummaryResponse',
      {
        ...validSummary(),
        tools: ['a', 'b'],
        runs: 0,
        runsByStatus: [{ status: 'paused', runs: 0, share: 1 }],
        rows: [],
        stepKinds: ['reflection'],
        cachedAt: '2026-11-03T00:00:00Z',
      },
    ],
    [
      'a run reporting unreadable steps (one still listed, one without a tool name or kind)',
      'Run',
      {
        ...validRun(),
        unreadableSteps: [
          validUnreadableStep(),
          { ...without(validUnreadableStep(), 'toolName'), kind: '', listed: true, shard: 1 },
        ],
      },
    ],
    [
      'a summary with unreadable tool steps',
      'SummaryResponse',
      { ...validSummary(), unreadableToolSteps: 12 },
    ],
  ])('but the forward-compatible %s is accepted by both', (_label, pair, value) => {
    expect(problems(PAIRS[pair], value)).toEqual([])
  })
})

// ---------------------------------------------------------------------------------------------
// Every response of the mock API

/** The default mock handlers serve the contract's default base URL (on jsdom's origin). */
const BASE = new URL(`${DEFAULT_BASE_URL}/`, window.location.origin)

interface Answer {
  status: number
  body: unknown
}

async function get(pathAndQuery: string): Promise<Answer> {
  const response = await fetch(new URL(pathAndQuery.replace(/^\//, ''), BASE))
  const text = await response.text()
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) }
}

/** Fetches, checks the status, and validates the body against zod and the documented response. */
async function expectValidAnswer(
  path: string,
  query: string,
  status: number,
  zodSchema: z.ZodType,
): Promise<unknown> {
  const documented = path.startsWith('/runs/') ? '/runs/{uuid}' : path
  const answer = await get(`${path}${query}`)
  expect(answer.status, `${path}${query}`).toBe(status)
  const pair = { zod: zodSchema, openapi: responseValidator(documented, status) }
  expect(problems(pair, answer.body), `${path}${query}`).toEqual([])
  return answer.body
}

async function expectValidPage(query: string): Promise<z.infer<typeof runsPageSchema>> {
  return runsPageSchema.parse(await expectValidAnswer('/runs', query, 200, runsPageSchema))
}

/** `query` (with or without `?`) plus a cursor. */
function withCursor(query: string, cursor: string): string {
  return `${query === '' ? '?' : `${query}&`}cursor=${encodeURIComponent(cursor)}`
}

describe('every mock API response validates against zod and OpenAPI', () => {
  beforeEach(() => server.use(...handlers))

  it('GET /meta', async () => {
    const meta = metaSchema.parse(await expectValidAnswer('/meta', '', 200, metaSchema))
    expect(meta.installation).toBe('Demo installation')
  })

  it('GET /tools', async () => {
    const { tools } = toolsResponseSchema.parse(
      await expectValidAnswer('/tools', '', 200, toolsResponseSchema),
    )
    expect(tools.some((tool) => tool.source === 'builtin')).toBe(true)
    expect(tools.some((tool) => tool.source === 'mcp')).toBe(true)
  })

  it('GET /runs, every page of the whole installation', async () => {
    let cursor: string | null = null
    let pages = 0
    let runs = 0
    let toolSteps = 0
    let refusedSteps = 0
    let totalRuns = -1
    do {
      const page = await expectValidPage(
        cursor === null ? '?limit=500' : withCursor('?limit=500', cursor),
      )
      if (totalRuns === -1) totalRuns = page.totalRuns
      expect(page.totalRuns).toBe(totalRuns)
      runs += page.runs.length
      const steps = page.runs.flatMap((run) => run.steps).filter((step) => step.kind === 'tool')
      toolSteps += steps.length
      refusedSteps += steps.filter((step) => typeof step.toolRefusal === 'string').length
      cursor = page.nextCursor
      pages += 1
    } while (cursor !== null && pages < 1000)
    expect(cursor).toBeNull()
    expect(runs).toBe(totalRuns)
    expect(pages).toBeGreaterThan(1)
    // The ADR's 2,386 calls up to 2026-11-03 alone, and refusals after the argument check.
    expect(toolSteps).toBeGreaterThan(2386)
    expect(refusedSteps).toBeGreaterThan(0)
  })

  it.each<[string, string, 'paged' | 'empty']>([
    ['the default page size', '', 'paged'],
    ['one run per page', '?limit=1', 'paged'],
    ['a time range', '?from=2026-10-01T00:00:00Z&to=2026-11-04T00:00:00Z&limit=50', 'paged'],
    ['offsets', '?from=2026-11-05T10:00:00%2B01:00&to=2026-11-20T00:00:00.000Z&limit=100', 'paged'],
    ['one tool', '?tool=update_page_metadata&limit=25', 'paged'],
    [
      'two tools in a range',
      '?tool=update_page_metadata&tool=create_content_element_draft&from=2026-11-05T09:00:00Z&limit=20',
      'paged',
    ],
    ['a range with no runs', '?from=2020-01-01T00:00:00Z&to=2020-01-02T00:00:00Z', 'empty'],
    ['an unknown tool', '?tool=no_such_tool', 'empty'],
  ])('GET /runs with %s, first and second page', async (_label, query, expected) => {
    const first = await expectValidPage(query)
    if (expected === 'empty') {
      expect(first).toEqual({ runs: [], nextCursor: null, totalRuns: 0 })
      return
    }
    expect(first.runs.length).toBeGreaterThan(0)
    expect(first.nextCursor, 'more than one page').not.toBeNull()
    const second = await expectValidPage(withCursor(query, first.nextCursor ?? ''))
    expect(second.totalRuns).toBe(first.totalRuns)
    expect(second.runs.length).toBeGreaterThan(0)
  })

  it('GET /runs/{uuid} for runs before and after the argument check', async () => {
    const early = await expectValidPage('?to=2026-11-04T00:00:00Z&limit=3')
    const late = await expectValidPage('?from=2026-11-05T09:00:00Z&limit=3')
    const uuids = [...early.runs, ...late.runs].map((run) => run.uuid)
    expect(uuids).toHaveLength(6)
    for (const uuid of uuids) {
      const body = await expectValidAnswer(`/runs/${encodeURIComponent(uuid)}`, '', 200, runSchema)
      expect(runSchema.parse(body).uuid).toBe(uuid)
    }
  })

  it.each([
    ['from is not a time', '?from=yesterday'],
    ['to is not a time', '?to=2026-11-03'],
    ['from equals to', '?from=2026-11-03T00:00:00Z&to=2026-11-03T00:00:00Z'],
    ['from is after to', '?from=2026-11-04T00:00:00Z&to=2026-11-03T00:00:00Z'],
    ['limit is 0', '?limit=0'],
    ['limit is 501', '?limit=501'],
    ['limit is not a number', '?limit=ten'],
    ['the cursor is unknown', '?cursor=not-a-cursor-we-issued'],
  ])('GET /runs answers 400 when %s', async (_label, query) => {
    const body = errorBodySchema.parse(
      await expectValidAnswer('/runs', query, 400, errorBodySchema),
    )
    expect(body.message).toBeTruthy()
  })

  it('GET /runs/{uuid} answers 404 for an unknown run', async () => {
    const unknown = '/runs/00000000-0000-4000-8000-000000000000'
    const body = errorBodySchema.parse(await expectValidAnswer(unknown, '', 404, errorBodySchema))
    expect(body.message).toBeTruthy()
  })

  it('GET /summary answers 404, "not offered", unless the installation offers it', async () => {
    const query = '?from=2026-11-01T00:00:00Z&to=2026-11-02T00:00:00Z&tz=UTC'
    const body = errorBodySchema.parse(
      await expectValidAnswer('/summary', query, 404, errorBodySchema),
    )
    expect(body.error).toBe('not_found')
  })

  const offered = createInstallation()
  it.each<[string, 'demo' | 'hostile', string]>([
    [
      'the whole demo in Kathmandu',
      'demo',
      '?from=2026-08-31T00:00:00Z&to=2026-12-01T00:00:00Z&tz=Asia/Kathmandu',
    ],
    [
      'a DST week in St Johns',
      'demo',
      '?from=2026-10-29T02:30:00Z&to=2026-11-05T03:30:00Z&tz=America/St_Johns',
    ],
    [
      'two tools in Chatham',
      'demo',
      '?from=2026-11-04T11:00:00Z&to=2026-11-20T11:00:00Z&tz=Pacific/Chatham&tool=update_page_metadata&tool=get_pagetree',
    ],
    [
      'an unknown tool',
      'demo',
      '?from=2026-11-01T00:00:00Z&to=2026-11-02T00:00:00Z&tz=UTC&tool=no_such_tool',
    ],
    ['a range without runs', 'demo', '?from=2020-01-01T00:00:00Z&to=2020-01-02T00:00:00Z&tz=UTC'],
    [
      'the hostile installation',
      'hostile',
      '?from=2026-08-31T00:00:00Z&to=2026-12-01T00:00:00Z&tz=Europe/Berlin',
    ],
  ])('GET /summary, when offered, with %s', async (_label, variant, query) => {
    const installation = variant === 'hostile' ? createHostileInstallation(offered) : offered
    server.use(
      ...createHandlers({ baseUrl: DEFAULT_BASE_URL, installation, summaryEndpoint: true }),
    )
    const body = summaryResponseSchema.parse(
      await expectValidAnswer('/summary', query, 200, summaryResponseSchema),
    )
    const params = new URLSearchParams(query)
    const { totalRuns } = await expectValidPage(`?${params}&limit=1`.replace(/&tz=[^&]*/, ''))
    expect(body.runs).toBe(totalRuns)
    expect(body.rows.reduce((n, row) => n + row.calls, 0) > 0).toBe(totalRuns > 0)
  })

  it.each([
    ['from is missing', '?to=2026-11-03T00:00:00Z&tz=UTC'],
    ['tz is missing', '?from=2026-11-02T00:00:00Z&to=2026-11-03T00:00:00Z'],
    ['tz is an offset', '?from=2026-11-02T00:00:00Z&to=2026-11-03T00:00:00Z&tz=%2B01:00'],
    ['from is after to', '?from=2026-11-04T00:00:00Z&to=2026-11-03T00:00:00Z&tz=UTC'],
  ])('GET /summary, when offered, answers 400 when %s', async (_label, query) => {
    const installation = offered
    server.use(
      ...createHandlers({ baseUrl: DEFAULT_BASE_URL, installation, summaryEndpoint: true }),
    )
    const body = errorBodySchema.parse(
      await expectValidAnswer('/summary', query, 400, errorBodySchema),
    )
    expect(body.message).toBeTruthy()
  })

  it('GET /run-rows answers 404, "not offered", unless the installation offers it', async () => {
    const query = '?from=2026-11-01T00:00:00Z&to=2026-11-02T00:00:00Z'
    const body = errorBodySchema.parse(
      await expectValidAnswer('/run-rows', query, 404, errorBodySchema),
    )
    expect(body.error).toBe('not_found')
  })

  it.each<[string, 'demo' | 'hostile', string]>([
    ['the whole demo', 'demo', '?from=2026-08-31T00:00:00Z&to=2026-12-01T00:00:00Z'],
    [
      'two tools',
      'demo',
      '?from=2026-11-04T11:00:00Z&to=2026-11-20T11:00:00Z&tool=update_page_metadata&tool=get_pagetree',
    ],
    ['a range without runs', 'demo', '?from=2020-01-01T00:00:00Z&to=2020-01-02T00:00:00Z'],
    ['the hostile installation', 'hostile', '?from=2026-08-31T00:00:00Z&to=2026-12-01T00:00:00Z'],
  ])('GET /run-rows, when offered, every page of %s', async (_label, variant, query) => {
    const installation = variant === 'hostile' ? createHostileInstallation(offered) : offered
    server.use(
      ...createHandlers({ baseUrl: DEFAULT_BASE_URL, installation, summaryEndpoint: true }),
    )
    const rows: unknown[] = []
    let cursor: string | null = null
    let total = -1
    do {
      const page = runRowsPageSchema.parse(
        await expectValidAnswer(
          '/run-rows',
          cursor === null ? `${query}&limit=400` : withCursor(`${query}&limit=400`, cursor),
          200,
          runRowsPageSchema,
        ),
      )
      rows.push(...page.rows)
      cursor = page.nextCursor
      total = page.totalRuns
    } while (cursor !== null)
    const { totalRuns } = await expectValidPage(`${query}&limit=1`)
    expect(total).toBe(totalRuns)
    expect(rows).toHaveLength(totalRuns)
  })

  it.each([
    ['to is missing', '?from=2026-11-02T00:00:00Z'],
    ['from is off the quarter hour', '?from=2026-11-02T00:07:00Z&to=2026-11-03T00:00:00Z'],
    ['limit is too large', '?from=2026-11-02T00:00:00Z&to=2026-11-03T00:00:00Z&limit=5001'],
  ])('GET /run-rows, when offered, answers 400 when %s', async (_label, query) => {
    server.use(
      ...createHandlers({
        baseUrl: DEFAULT_BASE_URL,
        installation: offered,
        summaryEndpoint: true,
      }),
    )
    const body = errorBodySchema.parse(
      await expectValidAnswer('/run-rows', query, 400, errorBodySchema),
    )
    expect(body.message).toBeTruthy()
  })

  it('another seed at twice the scale: meta, tools, pages and a run', async () => {
    const installation = createInstallation({ seed: 20261105, scale: 2 })
    server.use(...createHandlers({ baseUrl: DEFAULT_BASE_URL, installation }))
    await expectValidAnswer('/meta', '', 200, metaSchema)
    await expectValidAnswer('/tools', '', 200, toolsResponseSchema)
    const first = await expectValidPage('?limit=500')
    expect(first.nextCursor).not.toBeNull()
    const second = await expectValidPage(withCursor('?limit=500', first.nextCursor ?? ''))
    const uuid = second.runs.at(-1)?.uuid ?? ''
    await expectValidAnswer(`/runs/${encodeURIComponent(uuid)}`, '', 200, runSchema)
  })
})
