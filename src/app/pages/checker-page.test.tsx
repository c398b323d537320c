import { beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '@/testing/msw-server'
import { renderApp } from '@/testing/render-app'
import { starterArgs } from '@/domain/playground'

const base = '/api/diagnostics/v1'
const meta = {
  installation: 'Test',
  privacyLevel: 'metadata',
  earliestAt: '2026-11-01T08:00:00Z',
  latestAt: '2026-11-02T18:00:00Z',
  retentionDays: null,
  argumentCheckSince: '2026-11-01T00:00:00Z',
}
const tool = (name: string, parameters: Record<string, unknown>, extra = {}) => ({
  name,
  source: 'builtin',
  server: null,
  group: 'editing',
  effect: 'idempotent_write',
  approval: true,
  input: false,
  parameters,
  ...extra,
})
const tools = [
  tool('update_page_metadata', {
    type: 'object',
    properties: { uid: { type: 'integer' }, title: { type: 'string' } },
    required: ['uid'],
    additionalProperties: false,
  }),
  tool('update_content_element', {
    type: 'object',
    properties: { uid: { type: 'integer' }, fields: { type: 'object' } },
    required: ['uid', 'fields'],
  }),
  tool('create_translation_draft', {
    type: 'object',
    properties: { table: { type: 'string', enum: ['pages', 'tt_content'] } },
    required: ['table'],
  }),
  tool(
    'get_page_content',
    { type: 'object', properties: { uid: { type: 'integer' } }, required: ['uid'] },
    { effect: 'read_only', approval: false, group: 'content' },
  ),
  tool(
    'mcp_dam_search_assets',
    {
      type: 'object',
      properties: {
        filter: { $ref: '#/$defs/filter' },
        cursor: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        kind: { oneOf: [{ type: 'string' }] },
        both: { allOf: [{ type: 'string' }] },
        never: { not: { type: 'string' } },
        when: { if: { type: 'string' }, then: {} },
        day: { type: 'date' },
        query: { type: 'string' },
      },
    },
    { source: 'mcp', server: 'dam', group: 'mcp_dam', effect: 'non_idempotent_write' },
  ),
]
let seq = 0
const call = (toolName: string, extra: Record<string, unknown> = {}) => ({
  sequence: seq++,
  kind: 'tool',
  round: 1,
  occurredAt: '2026-11-01T08:01:00Z',
  durationMs: 5,
  toolName,
  toolIsError: false,
  ...extra,
})
const runs = [
  {
    uuid: 'a',
    status: 'completed',
    configuration: 'page-editor',
    startedAt: '2026-11-01T08:00:00Z',
    finishedAt: '2026-11-01T09:00:00Z',
    terminationReason: 'completed',
    steps: [
      call('update_page_metadata', { toolRefusal: 'arguments' }),
      call('update_page_metadata', { toolRefusal: 'arguments' }),
      call('update_page_metadata'),
      call('get_page_content', { toolRefusal: 'turn' }),
      call('mcp_dam_search_assets', { toolRefusal: 'budget' }),
    ],
  },
]

let requests = 0
const happyPath = [
  http.get(`${base}/meta`, () => HttpResponse.json(meta)),
  http.get(`${base}/tools`, () => HttpResponse.json({ tools })),
  http.get(`${base}/runs`, () => HttpResponse.json({ runs, nextCursor: null, totalRuns: 1 })),
]
beforeEach(() => server.use(...happyPath))
server.events.on('request:start', () => {
  requests++
})

const RANGE = 'from=2026-11-01&to=2026-11-02&tz=UTC'

const cellsOf = (name: string) => {
  const row = screen.getByRole('rowheader', { name }).closest('tr')
  if (!row) throw new Error('no row')
  return within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent ?? '')
}

async function openPlayground(path = `/checker?${RANGE}`) {
  const { router } = renderApp(path)
  await screen.findByRole('heading', { name: 'Playground' })
  return router
}

/** Loads an ADR example and returns the live verdict and the answer text shown. */
async function loadExample(label: RegExp) {
  await userEvent.click(screen.getByRole('button', { name: label }))
  const verdict = screen.getByText(/would run|Refused/, { selector: '.playground__verdict' })
  return {
    verdict: verdict.textContent ?? '',
    answer: document.querySelector('.answer')?.textContent ?? '',
  }
}

describe('/checker page', () => {
  it('marks the calls next to each tool incomplete when some could not be read', async () => {
    const damaged = {
      ...runs[0],
      unreadableSteps: [
        {
          sequence: 20,
          kind: 'tool',
          round: 1,
          occurredAt: '2026-11-01T08:02:00Z',
          toolName: 'update_page_metadata',
          listed: false,
          reason: '"toolRefusal": expected string or null, received number',
        },
      ],
    }
    server.use(
      http.get(`${base}/runs`, () =>
        HttpResponse.json({ runs: [damaged], nextCursor: null, totalRuns: 1 }),
      ),
    )
    renderApp(`/checker?${RANGE}`)
    expect(
      await screen.findByText('Incomplete data: 1 tool call could not be read'),
    ).toBeInTheDocument()
    expect(
      await screen.findByRole('table', {
        name: /^Tool catalogue with calls .* — calls incomplete$/,
      }),
    ).toBeInTheDocument()
  })

  it('lists the catalogue with calls and refusals by code, links, search and sort', async () => {
    renderApp(`/checker?${RANGE}`)
    const table = await screen.findByRole('table')
    await waitFor(() => expect(cellsOf('update_page_metadata')[3]).toMatch(/^3,/))
    expect(within(table).getByRole('columnheader', { name: /Refused: budget/ })).toBeInTheDocument()
    // Source and group, effect, parameters, calls, refused: arguments, turn, budget
    expect(cellsOf('update_page_metadata').slice(0, 7)).toEqual([
      'built-inediting',
      'writes (idempotent)approval-bound',
      'uid (required)+ 1 optional',
      '3, tool report of update_page_metadata',
      '2, runs of update_page_metadata with calls refused for arguments',
      '0',
      '0',
    ])
    expect(cellsOf('get_page_content')[5]).toBe(
      '1, runs of get_page_content with calls not run (refused: turn)',
    )
    expect(cellsOf('mcp_dam_search_assets')[0]).toBe('MCP server dammcp_dam')
    // An installation that does not say whether an effect is assumed: nothing is claimed.
    expect(cellsOf('mcp_dam_search_assets')[1]).toBe('writes (not idempotent)approval-bound')
    expect(screen.queryByText(/Effects marked “assumed”/)).toBeNull()
    expect(cellsOf('mcp_dam_search_assets')[6]).toBe(
      '1, runs of mcp_dam_search_assets with calls refused: budget',
    )
    const runsLink = screen.getByRole('link', {
      name: /runs of update_page_metadata with calls refused for arguments/,
    })
    const linkTo = (link: HTMLElement) => {
      const url = new URL(link.getAttribute('href') ?? '', 'http://x')
      return { path: url.pathname, params: Object.fromEntries(url.searchParams) }
    }
    const shared = { from: '2026-11-01', to: '2026-11-02', tz: 'UTC', tool: 'update_page_metadata' }
    expect(linkTo(runsLink)).toEqual({
      path: '/runs',
      params: { ...shared, preset: 'custom', outcome: 'refused-arguments' },
    })
    expect(
      linkTo(screen.getByRole('link', { name: /tool report of update_page_metadata/ })),
    ).toEqual({ path: '/tools', params: { ...shared, preset: 'custom' } })

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search tools' }), 'dam')
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['mcp_dam_search_assets'])
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search tools' }))

    const header = () => within(table).getByRole('columnheader', { name: /^Calls/ })
    expect(header()).toHaveAttribute('aria-sort', 'none')
    await userEvent.click(within(header()).getByRole('button'))
    expect(header()).toHaveAttribute('aria-sort', 'descending')
    expect(within(table).getAllByRole('rowheader')[0]?.textContent).toBe('update_page_metadata')
  })

  it('says which effects are assumed and what each MCP server declares, as text', async () => {
    const hostile = '<img src=x onerror=alert(1)>'
    const mcp = { source: 'mcp', effect: 'non_idempotent_write' }
    const empty = { type: 'object', properties: {} }
    server.use(
      http.get(`${base}/tools`, () =>
        HttpResponse.json({
          tools: [
            tools[0],
            tool('mcp_dam_search_assets', empty, {
              ...mcp,
              server: 'dam',
              group: 'mcp_dam',
              effectAssumed: true,
              remoteHints: { readOnlyHint: true, idempotentHint: true },
            }),
            tool('mcp_dam_delete_asset', empty, {
              ...mcp,
              server: 'dam',
              group: 'mcp_dam',
              effectAssumed: true,
              remoteHints: { readOnlyHint: false, destructiveHint: true },
            }),
            tool(`mcp_x_${hostile}`, empty, {
              ...mcp,
              server: hostile,
              group: `mcp_${hostile}`,
              approval: false,
              effectAssumed: true,
              remoteHints: { futureHint: hostile },
            }),
          ],
        }),
      ),
    )
    renderApp(`/checker?${RANGE}`)
    await screen.findByRole('table')
    expect(
      screen.getByText(/^Effects marked “assumed” are the CMS’s safe default/),
    ).toHaveTextContent(/whatever its MCP server says about it/)
    expect(cellsOf('mcp_dam_search_assets')[1]).toBe(
      'writes (not idempotent)assumed — server says: read-only, idempotentapproval-bound',
    )
    expect(cellsOf('mcp_dam_delete_asset')[1]).toBe(
      'writes (not idempotent)assumed — server says: writes, destructiveapproval-bound',
    )
    // A hint this dashboard does not know says nothing, and no text of the server's is shown.
    expect(cellsOf(`mcp_x_${hostile}`)[1]).toBe(
      'writes (not idempotent)assumed — server declares nothing',
    )
    expect(cellsOf(`mcp_x_${hostile}`)[0]).toBe(`MCP server ${hostile}mcp_${hostile}`)
    expect(document.querySelector('img')).toBeNull()
    expect(cellsOf('update_page_metadata')[1]).toBe('writes (idempotent)approval-bound')
    expect(screen.getByText('assumed — server says: read-only, idempotent')).toHaveAttribute(
      'title',
      expect.stringMatching(/^The CMS cannot see what an MCP tool does/),
    )
  })

  it('marks every part the check skips in the schema view, with why', async () => {
    await openPlayground()
    await userEvent.click(screen.getByRole('button', { name: 'Check mcp_dam_search_assets' }))
    expect(screen.getByRole('heading', { name: 'Schema and playground' })).toHaveFocus()
    const view = screen.getByRole('region', { name: /Schema of mcp_dam_search_assets/ })
    for (const keyword of ['$ref', 'anyOf', 'oneOf', 'allOf', 'not', 'if']) {
      expect(within(view).getByText(`not judged by the check: ${keyword}`)).toBeInTheDocument()
    }
    expect(
      within(view).getByText('not judged by the check: unknown type "date"'),
    ).toBeInTheDocument()
    expect(within(view).getByText('#/$defs/filter')).toBeInTheDocument()
    expect(within(view).getByText(/7 parts of this schema are not judged/)).toBeInTheDocument()
    // A skipped argument never refuses: an object for the anyOf argument runs.
    const box = screen.getByRole('textbox', { name: /Arguments of mcp_dam_search_assets/ })
    await userEvent.clear(box)
    await userEvent.click(box)
    await userEvent.paste('{"cursor": {"a": 1}, "filter": [1]}')
    expect(screen.getByText('The call would run.', { selector: 'strong' })).toBeInTheDocument()
  })

  it('answers each ADR example as the ADR says, without any request', async () => {
    await openPlayground()
    const before = requests
    const five = await loadExample(/The text "5" for an integer/)
    expect(five.verdict).toBe('The call would run.')
    expect(
      (
        screen.getByRole('textbox', {
          name: /Arguments of update_page_metadata/,
        }) as HTMLTextAreaElement
      ).value,
    ).toContain('"uid": "5"')
    expect((await loadExample(/A list where an object is declared/)).verdict).toBe(
      'The call would run.',
    )
    expect(
      (
        screen.getByRole('textbox', {
          name: /Arguments of update_content_element/,
        }) as HTMLTextAreaElement
      ).value,
    ).toMatch(/"fields": \[/)
    expect((await loadExample(/An enum value in another letter case/)).verdict).toBe(
      'The call would run.',
    )
    expect(
      (
        screen.getByRole('textbox', {
          name: /Arguments of create_translation_draft/,
        }) as HTMLTextAreaElement
      ).value,
    ).toContain('"PAGES"')

    const missing = await loadExample(/A missing required argument/)
    expect(missing.verdict).toMatch(/^Refused/)
    expect(missing.answer).toContain(
      'Refused: the arguments do not match the schema of tool "update_page_metadata", so nothing was run.\n- The required argument "uid" is missing; add it to the call as an integer.',
    )
    const excluded = await loadExample(/An argument excluded by additionalProperties: false/)
    expect(excluded.answer).toMatch(
      /- "comment" is not an argument of this tool \(the schema takes only "uid", "title"\); leave it out\./,
    )
    expect(requests).toBe(before)
  })

  it('names a JSON syntax error by line and column, and answers again once it is fixed', async () => {
    await openPlayground(`/checker?${RANGE}&check=update_page_metadata&args=%7B%7D`)
    const box = screen.getByRole('textbox', { name: /Arguments of update_page_metadata/ })
    expect(screen.getByText(/The required argument "uid" is missing/)).toBeInTheDocument()
    await userEvent.clear(box)
    await userEvent.click(box)
    await userEvent.paste('{\n  "uid": 5,\n}')
    expect(box).toHaveAccessibleDescription(
      'Not JSON at line 3, column 1: A comma before a closing bracket is not allowed in JSON.',
    )
    expect(document.querySelector('.answer')).toBeNull()
    await userEvent.clear(box)
    await userEvent.paste('{"uid": 5}')
    expect(box).not.toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText('The call would run.', { selector: 'strong' })).toBeInTheDocument()
  })

  it('keeps a cleared arguments box empty after the link is written', async () => {
    const router = await openPlayground(`/checker?${RANGE}&check=update_page_metadata&args=%7B%7D`)
    const box = screen.getByRole('textbox', { name: /Arguments of update_page_metadata/ })
    await userEvent.clear(box)
    await waitFor(() => expect(router.state.location.search).toMatchObject({ args: '' }))
    expect(router.state.location.href).toContain('args=')
    expect(box).toHaveValue('')
    // An empty box is a call without arguments: the required "uid" is missing.
    expect(screen.getByText(/The required argument "uid" is missing/)).toBeInTheDocument()
  })

  it('clears the calls of an earlier turn from the link after Check on a catalogue row', async () => {
    const calls = `call=${encodeURIComponent('update_page_metadata\n{"title": "x"}')}`
    const router = await openPlayground(`/checker?${RANGE}&mode=turn&${calls}`)
    await userEvent.click(await screen.findByRole('button', { name: 'Check get_page_content' }))
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({
        check: 'get_page_content',
        from: '2026-11-01',
      }),
    )
    expect(router.state.location.search).not.toHaveProperty('call')
    expect(router.state.location.search).not.toHaveProperty('mode')
    expect(screen.getByRole('radio', { name: 'One call' })).toBeChecked()
  })

  it('shows which lenient cast let a value through, where one did', async () => {
    await openPlayground(
      `/checker?${RANGE}&check=update_page_metadata&args=${encodeURIComponent('{"uid": "not-a-number"}')}`,
    )
    expect(screen.getByText('The call would run.', { selector: 'strong' })).toBeInTheDocument()
    expect(
      screen.getByText(/One value passed only by a lenient cast of ADR 246/),
    ).toBeInTheDocument()
    expect(
      screen.getByText(/"uid": the text "not-a-number" passed where an integer is declared/),
    ).toHaveTextContent(/does not read as a number/)
  })

  it('shows the Not run answers of a turn from a link, and keeps edits in the URL', async () => {
    const calls = [
      `call=${encodeURIComponent('update_page_metadata\n{"title": "x"}')}`,
      `call=${encodeURIComponent('get_page_content\n{"uid": 3}')}`,
    ].join('&')
    const router = await openPlayground(`/checker?${RANGE}&mode=turn&${calls}`)
    expect(screen.getByRole('radio', { name: 'A turn of several calls' })).toBeChecked()
    expect(
      screen.getByText('Nothing in this turn would run: 1 refused, 1 not run.'),
    ).toBeInTheDocument()
    const second = screen.getByRole('group', { name: 'Call 2' })
    expect(
      within(second).getByText(/^Not run: the call of tool "update_page_metadata" was refused/),
    ).toBeInTheDocument()

    const first = screen.getByRole('textbox', { name: 'Arguments of call 1 (JSON)' })
    await userEvent.clear(first)
    await userEvent.click(first)
    await userEvent.paste('{"uid": 1}')
    expect(screen.getByText('The turn would run: all 2 calls fit.')).toBeInTheDocument()
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({
        mode: 'turn',
        call: ['update_page_metadata\n{"uid": 1}', 'get_page_content\n{"uid": 3}'],
        from: '2026-11-01',
      }),
    )
  })

  it('falls back on a bad link value with a one-line message', async () => {
    await openPlayground(`/checker?${RANGE}&check=no_such_tool&mode=sideways`)
    expect(
      screen.getByText('Ignored check=no_such_tool: no tool of that name.'),
    ).toBeInTheDocument()
    expect(screen.getByText('Ignored mode=sideways: not one of call, turn.')).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'One call' })).toBeChecked()
  })

  it('marks the counts incomplete when paging breaks, never as complete', async () => {
    server.use(
      http.get(`${base}/runs`, ({ request }) =>
        new URL(request.url).searchParams.get('cursor') === null
          ? HttpResponse.json({ runs, nextCursor: 'p2', totalRuns: 2 })
          : HttpResponse.json({ error: 'bad_cursor' }, { status: 400 }),
      ),
    )
    renderApp(`/checker?${RANGE}`)
    expect(await screen.findByText('Incomplete: 1 of 2 runs')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Resume' })).toBeInTheDocument()
    expect(screen.getByRole('table')).toHaveAccessibleName(/calls incomplete/)
  })

  it('says the built-in tools are missing when the installation lists none', async () => {
    const mcpOnly = tools.filter((t) => t.source === 'mcp')
    server.use(
      http.get(`${base}/tools`, () => HttpResponse.json({ tools: mcpOnly, builtinListed: false })),
    )
    renderApp(`/checker?${RANGE}`)
    const note = await screen.findByRole('note')
    expect(note).toHaveTextContent('The installation lists no built-in tools')
    expect(note).toHaveTextContent(/started without the built-in catalogue \(--tools\)/)
    expect(note).toHaveTextContent(/cannot show the built-in tools' schemas/)
  })

  it('says nothing of built-in tools when the installation lists them', async () => {
    renderApp(`/checker?${RANGE}`)
    await screen.findByRole('heading', { name: 'Playground' })
    expect(screen.queryByText('The installation lists no built-in tools')).toBeNull()
  })

  it('says when the catalogue cannot be read, and retries', async () => {
    let fail = true
    server.use(
      http.get(`${base}/tools`, () =>
        fail ? HttpResponse.json({ error: 'boom' }, { status: 500 }) : HttpResponse.json({ tools }),
      ),
    )
    renderApp(`/checker?${RANGE}`)
    const alert = await screen.findByText('The tool catalogue could not be read')
    fail = false
    await userEvent.click(
      within(alert.closest('[role=alert]') as HTMLElement).getByRole('button', { name: 'Retry' }),
    )
    expect(await screen.findByRole('heading', { name: 'Playground' })).toBeInTheDocument()
  })
})

describe('/checker opened by a link to a tool', () => {
  const inspectorHeading = () => screen.getByRole('heading', { name: 'Schema and playground' })

  it("opens the tool report's tool at its schema, focused, the range kept", async () => {
    const { router } = renderApp(`/tools?${RANGE}`)
    const table = await screen.findByRole('table', { name: /^Tool calls by outcome/ })
    await userEvent.click(await within(table).findByRole('link', { name: 'get_page_content' }))
    await screen.findByRole('heading', { name: 'Playground' })
    expect(router.state.location.pathname).toBe('/checker')
    expect(router.state.location.search).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-02',
      tz: 'UTC',
      check: 'get_page_content',
    })
    await waitFor(() => expect(inspectorHeading()).toHaveFocus())
    expect(screen.getByRole('combobox', { name: 'Tool' })).toHaveValue('get_page_content')
    expect(screen.getByRole('heading', { name: 'Schema of get_page_content' })).toBeVisible()
    // The starter arguments of its schema, as the catalogue's Check gives them.
    expect(screen.getByRole('textbox', { name: /Arguments of get_page_content/ })).toHaveValue(
      starterArgs(tools.find((t) => t.name === 'get_page_content')?.parameters),
    )
  })

  it('lands on the line that names an unknown tool, at the inspector', async () => {
    await openPlayground(`/checker?${RANGE}&check=gone_tool`)
    await waitFor(() => expect(inspectorHeading()).toHaveFocus())
    expect(screen.getByText('Ignored check=gone_tool: no tool of that name.')).toBeVisible()
  })

  it('leaves the focus alone when the link holds no case', async () => {
    await openPlayground(`/checker?${RANGE}`)
    // One frame for the focus to move, if it were going to.
    await new Promise((resolve) => requestAnimationFrame(resolve))
    expect(inspectorHeading()).not.toHaveFocus()
  })
})
