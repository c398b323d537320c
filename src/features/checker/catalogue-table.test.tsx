import { act, screen } from '@testing-library/react'
import { useState } from 'react'
import type { Tool } from '@/domain/contract'
import { describe, expect, it } from 'vitest'
import { catalogueRows } from './catalogue-rows'
import { CatalogueTable, type CatalogueTableProps } from './catalogue-table'
import { filters, renderAtChecker, tool } from './test-fixtures'

/** Renders inside a router (the cells hold links), returning a rerender with new props. */
async function renderTable(props: CatalogueTableProps) {
  let setProps: (next: CatalogueTableProps) => void = () => undefined
  function Holder() {
    const [current, set] = useState(props)
    setProps = set
    return <CatalogueTable {...current} />
  }
  renderAtChecker(Holder)
  await screen.findByRole('table')
  return (next: CatalogueTableProps) => act(() => setProps(next))
}

describe('CatalogueTable', () => {
  it('keeps the Check button, and its focus, while the counts load page by page', async () => {
    const base: CatalogueTableProps = {
      rows: catalogueRows([tool], null, []),
      filters,
      otherCodes: [],
      caption: 'Tool catalogue',
      uncounted: () => 'loading the runs',
      onInspect: () => undefined,
    }
    const rerender = await renderTable(base)
    const button = screen.getByRole('button', { name: 'Check update_page_metadata' })
    button.focus()
    // What each loaded page changes: new functions, new rows, new filters object.
    rerender({
      ...base,
      rows: catalogueRows([tool], null, []),
      filters: { ...filters },
      uncounted: () => 'still loading',
      onInspect: () => undefined,
    })
    expect(screen.getByRole('button', { name: 'Check update_page_metadata' })).toBe(button)
    expect(button).toHaveFocus()
    expect(screen.getAllByTitle('still loading').length).toBeGreaterThan(0)
  })
})

describe('CatalogueTable, tools the CMS does not offer now', () => {
  it('marks them where they stand and leaves the offered ones unmarked', async () => {
    const off: Tool = { ...tool, name: 'mcp_crm_find', source: 'mcp', offered: false }
    await renderTable({
      rows: catalogueRows([{ ...tool, offered: true }, off], null, []),
      filters,
      otherCodes: [],
      caption: 'Tool catalogue',
      uncounted: () => 'loading the runs',
      onInspect: () => undefined,
    })
    const marked = screen.getAllByText('not offered')
    expect(marked).toHaveLength(1)
    expect(marked[0]?.closest('th')).toHaveTextContent(/^mcp_crm_find/)
  })
})
