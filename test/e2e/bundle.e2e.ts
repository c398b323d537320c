/**
 * The production build (`dist/`) ships no mock: no MSW code, no simulated installation, no
 * service worker. The same scan over the demo build (`dist-demo/`) must find them, which proves
 * the scan can fail.
 */
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { requireBuild } from './browser'

/** Text that only the mock brings into a bundle. */
const MOCK_MARKERS: readonly (readonly [string, RegExp])[] = [
  ['the worker script name', /mockServiceWorker/],
  ['setupWorker', /setupWorker/],
  ['the msw package', /\bmsw\b/i],
  ['the worker handshake', /MOCKING_ENABLED|INTEGRITY_CHECK_REQUEST/],
  ['the installation name', /Demo installation/],
]

interface BuiltFile {
  /** Relative to the build folder, with forward slashes. */
  name: string
  text: string
}

async function readBuild(dir: string): Promise<BuiltFile[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  const files = entries.filter((entry) => entry.isFile())
  return Promise.all(
    files.map(async (entry) => {
      const full = path.join(entry.parentPath, entry.name)
      return {
        name: path.relative(dir, full).split(path.sep).join('/'),
        text: await readFile(full, 'latin1'),
      }
    }),
  )
}

/** `marker → files it occurs in`, for the markers that occur at all. */
function findMarkers(files: readonly BuiltFile[]): Record<string, string[]> {
  const found: Record<string, string[]> = {}
  for (const [label, pattern] of MOCK_MARKERS) {
    const where = files
      .filter((file) => pattern.test(file.name) || pattern.test(file.text))
      .map((f) => f.name)
    if (where.length > 0) found[label] = where
  }
  return found
}

let production: BuiltFile[] = []
let demo: BuiltFile[] = []

beforeAll(async () => {
  production = await readBuild(requireBuild('dist'))
  demo = await readBuild(requireBuild('dist-demo'))
})

describe('the production build (dist)', () => {
  it('is a real build: an index.html and JavaScript', () => {
    const names = production.map((file) => file.name)
    expect(names).toContain('index.html')
    expect(names.some((name) => name.endsWith('.js'))).toBe(true)
  })

  it('ships no mockServiceWorker.js', () => {
    const workers = production
      .map((file) => file.name)
      .filter((name) => /mockServiceWorker/i.test(name))
    expect(workers).toEqual([])
  })

  it('contains no MSW code and no simulated installation in any file', () => {
    expect(findMarkers(production)).toEqual({})
  })
})

describe('the demo build (dist-demo), so the scan above can fail', () => {
  it('ships the MSW worker script', () => {
    const worker = demo.find((file) => file.name === 'mockServiceWorker.js')
    expect(worker?.text).toMatch(/Mock Service Worker/)
  })

  it('contains the mock in its JavaScript', () => {
    const scripts = demo.filter(
      (file) => file.name.startsWith('assets/') && file.name.endsWith('.js'),
    )
    const found = findMarkers(scripts)
    expect(Object.keys(found)).toEqual(
      expect.arrayContaining(['the worker script name', 'the installation name']),
    )
  })
})
