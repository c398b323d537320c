import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '@/testing/msw-server'
import { ApiConfigProvider } from '@/api'
import type { RunListQuery } from '@/domain/api-query'
import { ExportServedRuns, type ExportServedRunsProps } from './export-served-runs'

const base = '/api/diagnostics/v1'
const query: RunListQuery = {
  from: Date.parse('2026-11-01T00:00:00Z'),
  to: Date.parse('2026-11-03T00:00:00Z'),
  tools: [],
  filters: { outcome: null, configuration: null, status: null },
  sort: { key: 'startedMs', desc: true },
}
const CSV = '\uFEFFrun_uuid,started_at\r\nr-1,2026-11-01T10:00:00Z\r\n'

function show(props: Partial<ExportServedRunsProps> = {}) {
  render(
    <ApiConfigProvider config={{ baseUrl: base }}>
      <ExportServedRuns
        query={query}
        tz="UTC"
        fileName="runs_2026-11-01_2026-11-02.csv"
        runs={1}
        via="fetch"
        pending={false}
        {...props}
      />
    </ApiConfigProvider>,
  )
}

/** A Blob's bytes (jsdom's Blob has no `arrayBuffer`). */
const bytesOf = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer))
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'))
    reader.readAsArrayBuffer(blob)
  })

/** The files handed to the browser as downloads. */
let saved: { name: string; blob: Blob }[] = []
// Files share one thread: what is replaced here is put back after each test.
const { createObjectURL, revokeObjectURL } = URL
afterEach(() => {
  URL.createObjectURL = createObjectURL
  URL.revokeObjectURL = revokeObjectURL
})
beforeEach(() => {
  saved = []
  let blob: Blob | null = null
  URL.createObjectURL = (object: Blob | MediaSource) => {
    blob = object as Blob
    return 'blob:test'
  }
  URL.revokeObjectURL = () => undefined
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (blob) saved.push({ name: this.download, blob })
  })
})

describe('the served export where the API answers inside the page (the demo)', () => {
  it('fetches the installation’s file and saves it byte for byte', async () => {
    let asked: URLSearchParams | null = null
    server.use(
      http.get(`${base}/run-list`, ({ request }) => {
        asked = new URL(request.url).searchParams
        return new HttpResponse(CSV, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } })
      }),
    )
    show()
    await userEvent.click(screen.getByRole('button', { name: 'Export runs (CSV)' }))
    expect(await screen.findByText('Exported 1 runs.')).toBeVisible()
    expect(saved.map((file) => file.name)).toEqual(['runs_2026-11-01_2026-11-02.csv'])
    const bytes = await bytesOf(saved[0]?.blob ?? new Blob())
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(CSV)
    const params = asked as URLSearchParams | null
    expect([params?.get('format'), params?.get('tz'), params?.has('offset')]).toEqual([
      'csv',
      'UTC',
      false,
    ])
  })

  it('says why when the file could not be made, and saves nothing', async () => {
    server.use(http.get(`${base}/run-list`, () => new HttpResponse(null, { status: 502 })))
    show()
    await userEvent.click(screen.getByRole('button', { name: 'Export runs (CSV)' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(/HTTP 502 for \/run-list/)
    expect(saved).toEqual([])
  })
})

describe('the served export as a download link', () => {
  it('is a link to the whole list, and warns past Excel’s rows once used', async () => {
    show({ via: 'link', runs: 1_500_000 })
    const link = screen.getByRole('link', { name: 'Export runs (CSV)' })
    expect(link).toHaveAttribute('download', 'runs_2026-11-01_2026-11-02.csv')
    expect(link.getAttribute('href')).toMatch(/\/run-list\?.*format=csv&tz=UTC$/)
    await userEvent.click(link)
    expect(screen.getByRole('status')).toHaveTextContent(
      "Exporting 1,500,000 runs: the browser saves the file as it arrives. Warning: more than Excel's 1,048,576 rows",
    )
  })

  it('waits while the list is updating', () => {
    show({ via: 'link', pending: true })
    expect(screen.queryByRole('link')).toBeNull()
    expect(screen.getByRole('button', { name: 'Export runs (CSV)' })).toBeDisabled()
  })
})
