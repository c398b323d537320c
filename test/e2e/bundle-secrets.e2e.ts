/**
 * No secret or token in what is deployed: every file of both builds (`dist/`, `dist-demo/`) is
 * scanned for credentials, private keys, tokens and the developer's environment. The same scan
 * over planted samples finds each kind, which proves it can fail.
 */
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { requireBuild } from './browser'

const SECRET_PATTERNS: readonly (readonly [string, RegExp])[] = [
  ['private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
  ['AWS access key', /\b(AKIA|ASIA)[0-9A-Z]{16}\b/],
  ['GitHub token', /\b(ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36}\b|\bgithub_pat_[A-Za-z0-9_]{40,}/],
  ['Slack token', /\bxox[abprs]-[A-Za-z0-9-]{10,}/],
  ['OpenAI/Anthropic key', /\bsk-(ant-)?[A-Za-z0-9_-]{20,}/],
  ['Google API key', /\bAIza[0-9A-Za-z_-]{35}\b/],
  ['JSON Web Token', /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/],
  ['bearer token', /\bBearer\s+[A-Za-z0-9._~+/-]{20,}/],
  ['credentials in a URL', /\bhttps?:\/\/[^\s/:@"'`]+:[^\s/:@"'`]+@/],
  [
    'assigned secret',
    /\b(api[_-]?key|secret|password|passwd|access[_-]?token)["']?\s*[:=]\s*["'][^"'\s]{8,}["']/i,
  ],
  ['a home directory path', /\/(home|Users)\/[a-z][\w.-]+\//],
  ['a .env variable of Vite', /\bVITE_[A-Z0-9_]+\b/],
]

async function scan(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  const found: string[] = []
  for (const entry of entries.filter((e) => e.isFile())) {
    const full = path.join(entry.parentPath, entry.name)
    const text = await readFile(full, 'latin1')
    for (const [label, pattern] of SECRET_PATTERNS) {
      const match = pattern.exec(text)
      if (match) found.push(`${label} in ${path.relative(dir, full)}: ${match[0].slice(0, 24)}…`)
    }
  }
  return found
}

describe('the built files', () => {
  it.each(['dist', 'dist-demo'] as const)(
    '%s holds no secret, token or local path',
    async (name) => {
      expect(await scan(requireBuild(name))).toEqual([])
    },
  )

  it.each(['dist', 'dist-demo'] as const)('%s ships no source maps', async (name) => {
    const entries = await readdir(requireBuild(name), { recursive: true })
    expect(entries.filter((file) => String(file).endsWith('.map'))).toEqual([])
  })
})

describe('the scan itself', () => {
  const samples = [
    '-----BEGIN RSA PRIVATE KEY-----',
    'AKIAABCDEFGHIJKLMNOP',
    `ghp_${'a'.repeat(36)}`,
    'xoxb-1234567890-abcdef',
    `sk-ant-${'b'.repeat(24)}`,
    `AIza${'c'.repeat(35)}`,
    'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abcdefghijklmnop',
    `Authorization: Bearer ${'d'.repeat(24)}`,
    'https://admin:hunter2@cms.example.org/',
    'const apiKey = "0123456789abcdef"',
    '/home/developer/project/src/main.tsx',
    'VITE_API_TOKEN',
  ]

  it.each(samples.map((s, i) => [SECRET_PATTERNS[i]?.[0] ?? '', s] as const))(
    'finds %s',
    (label, sample) => {
      const hits = SECRET_PATTERNS.filter(([, pattern]) => pattern.test(sample)).map(([l]) => l)
      expect(hits).toContain(label)
    },
  )
})
