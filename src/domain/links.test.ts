import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { HOSTILE_CORPUS } from '../../test/fixtures/hostile-corpus'
import { parseSearch, stringifySearch } from '@/app/search-params'
import { toUrlText } from './code-units'
import type { Filters } from './filters'
import { checkerSearch, filterSearch, runIdOf } from './links'
import { parsePlayground } from './playground'

const filters: Filters = {
  from: '2026-11-01',
  to: '2026-11-28',
  tz: 'Europe/Berlin',
  tools: ['get_page', 'update_page_metadata'],
  preset: 'custom',
}

/** The URL a link of `search` becomes, read back as the checker page reads it. */
const throughUrl = (search: Record<string, string | string[]>) =>
  parseSearch(stringifySearch(search).slice(1))

describe('checkerSearch', () => {
  it('names the tool in the playground key and keeps the shared filters only', () => {
    const search = checkerSearch(
      { ...filterSearch(filters), sort: 'calls', dir: 'desc', outcome: 'failed' },
      'get_page',
    )
    expect(search).toEqual({
      preset: 'custom',
      tz: 'Europe/Berlin',
      from: '2026-11-01',
      to: '2026-11-28',
      tool: ['get_page', 'update_page_metadata'],
      check: 'get_page',
    })
  })

  it('drops a case of an earlier link: no arguments, no turn, one call', () => {
    const search = checkerSearch(
      { preset: '30d', check: 'other', args: '{}', mode: 'turn', call: ['x\n{}'] },
      'get_page',
    )
    expect(search).toEqual({ preset: '30d', check: 'get_page' })
  })

  it.each(HOSTILE_CORPUS.map((entry) => [entry.id, entry.value]))(
    'opens the tool named %s on the checker, through a real URL',
    (_id, name) => {
      const back = throughUrl(checkerSearch(filterSearch(filters), name))
      const { state, ignored } = parsePlayground(back, ['get_page', name])
      expect(ignored).toEqual([])
      expect(state).toEqual({ mode: 'call', tool: name, args: null, calls: [] })
      expect(back.tz).toBe('Europe/Berlin')
      expect(back.tool).toEqual(['get_page', 'update_page_metadata'])
    },
  )

  it('opens any name the contract allows, lone surrogates included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 1, maxLength: 200 }), (name) => {
        const back = throughUrl(checkerSearch({}, name))
        expect(parsePlayground(back, [name]).state.tool).toBe(name)
      }),
    )
  })
})

describe('runIdOf', () => {
  const run = (uuid: string) => ({ kind: 'run', uuid })
  it('takes a pasted id without the white space around it', () => {
    expect(runIdOf('  3f2a9c1e-77b0-4d0a-9a51-2b1c0d9e8f00 \n')).toEqual(
      run('3f2a9c1e-77b0-4d0a-9a51-2b1c0d9e8f00'),
    )
  })

  it('gives null for empty or blank input', () => {
    expect(runIdOf('')).toEqual({ kind: 'empty' })
    expect(runIdOf(' \t\n')).toEqual({ kind: 'empty' })
  })

  it('reads the id out of a pasted run page link, absolute or relative, under any base path', () => {
    expect(runIdOf('https://cms.example/diagnostics/runs/r-42?preset=30d&tz=UTC#round-2')).toEqual(
      run('r-42'),
    )
    expect(runIdOf('http://localhost:5173/runs/r-42/')).toEqual(run('r-42'))
    expect(runIdOf('/runs/r-42?tz=UTC')).toEqual(run('r-42'))
  })

  it('decodes the id as the address bar wrote it', () => {
    expect(runIdOf(`https://x.example/runs/${encodeURIComponent('a b/ü?#')}`)).toEqual(
      run('a b/ü?#'),
    )
    // The browser encodes what was pasted raw.
    expect(runIdOf('https://x.example/runs/ü')).toEqual(run('ü'))
    expect(runIdOf('https://x.example/runs/100%')).toEqual(run('100%'))
  })

  it('says a link to any other page is not a run link', () => {
    const notARun = { kind: 'not-a-run-link' }
    expect(runIdOf('https://x.example/tools?tool=a')).toEqual(notARun)
    expect(runIdOf('https://evil.example/')).toEqual(notARun)
    expect(runIdOf('ftp://files.example/runs')).toEqual(notARun)
    expect(runIdOf('/checker')).toEqual(notARun)
  })

  it('keeps other text as the id', () => {
    expect(runIdOf('javascript:alert(1)')).toEqual(run('javascript:alert(1)'))
    expect(runIdOf('../../../etc/passwd')).toEqual(run('../../../etc/passwd'))
  })

  it.each(HOSTILE_CORPUS.filter((e) => e.value.trim() !== '').map((e) => [e.id, e.value]))(
    'reads back the run id %s from the link of its page',
    (_id, uuid) => {
      const link = `https://x.example/runs/${encodeURIComponent(toUrlText(uuid))}?tz=UTC`
      expect(runIdOf(link)).toEqual(run(uuid))
      // Pasted as it is, an id is kept whole: only the white space around it goes. An id that
      // reads as a link to another page is reached by its run's link (above).
      const pasted = runIdOf(` ${uuid}\n`)
      if (pasted.kind !== 'not-a-run-link') expect(pasted).toEqual(run(uuid.trim()))
    },
  )
})
