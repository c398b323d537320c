import { readFile } from 'node:fs/promises'
import { builtinToolSchema, instantSchema, type BuiltinTool } from '@/domain/contract'
import { z } from '@/domain/zod'

/** CMS configuration that is not in the tables (`--settings <file>`); every key optional. */
export const settingsSchema = z
  .object({
    installation: z.string().default('TYPO3 installation'),
    privacyLevel: z.string().min(1).default('metadata'),
    retentionDays: z.number().int().min(0).nullable().default(null),
    argumentCheckSince: instantSchema.nullable().default(null),
  })
  .strict()

export type Settings = z.infer<typeof settingsSchema>

/** A configuration file that is missing or wrong, said in one sentence. */
export class ConfigFileError extends Error {
  override readonly name = 'ConfigFileError'
}

async function readJson(path: string, what: string): Promise<unknown> {
  let body: string
  try {
    body = await readFile(path, 'utf8')
  } catch (error) {
    const code = (error as { code?: unknown }).code
    throw new ConfigFileError(
      code === 'ENOENT'
        ? `The ${what} file ${path} does not exist.`
        : `The ${what} file ${path} cannot be read.`,
    )
  }
  try {
    return JSON.parse(body)
  } catch {
    throw new ConfigFileError(`The ${what} file ${path} is not valid JSON.`)
  }
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  if (issue === undefined) return 'it does not fit'
  const path = issue.path.map(String).join('.')
  return path === '' ? issue.message : `${path}: ${issue.message}`
}

/** The settings file, or the defaults without one. */
export async function loadSettings(path: string | undefined): Promise<Settings> {
  if (path === undefined) return settingsSchema.parse({})
  const parsed = settingsSchema.safeParse(await readJson(path, 'settings'))
  if (!parsed.success) {
    throw new ConfigFileError(`The settings file ${path} is invalid (${firstIssue(parsed.error)}).`)
  }
  return parsed.data
}

/**
 * The built-in catalogue exported from the CMS: `{ "tools": [Tool, …] }` (as `/tools` answers)
 * or a bare array of tools. Without a file, null: the built-in tools are not known (MCP tools
 * still come from the database).
 */
export async function loadCatalogue(path: string | undefined): Promise<BuiltinTool[] | null> {
  if (path === undefined) return null
  const json = await readJson(path, 'tool catalogue')
  const list = Array.isArray(json) ? json : (json as { tools?: unknown } | null)?.tools
  if (!Array.isArray(list)) {
    throw new ConfigFileError(
      `The tool catalogue ${path} must be {"tools": [...]} or a list of tools, as /tools answers.`,
    )
  }
  const parsed = z.array(builtinToolSchema).safeParse(list)
  if (!parsed.success) {
    throw new ConfigFileError(
      `The tool catalogue ${path} is invalid (${firstIssue(parsed.error)}); it must hold the API's Tool shape.`,
    )
  }
  const tools = parsed.data
  const names = new Set<string>()
  for (const tool of tools) {
    if (names.has(tool.name))
      throw new ConfigFileError(`The tool catalogue ${path} lists "${tool.name}" twice.`)
    names.add(tool.name)
  }
  return tools
}
