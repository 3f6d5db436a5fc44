// The protocol spoken to a real `hql lsp --stdio` process: initialize, didOpen, didChange,
// publishDiagnostics, completion, hover, definition, formatting, documentSymbol, shutdown and exit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LspProcess } from './client'

const uri = 'file:///catalog/movies.hql'
let server: LspProcess

beforeAll(async () => {
  server = new LspProcess()
  const initialized = await server.request('initialize', { processId: null, rootUri: null, capabilities: {} })
  expect(initialized.capabilities).toMatchObject({
    hoverProvider: true,
    documentFormattingProvider: true,
    documentSymbolProvider: true,
    definitionProvider: true,
    completionProvider: expect.any(Object),
  })
  server.send('initialized', {})
})

afterAll(async () => {
  expect(await server.close()).toBe(0)
})

describe('hql lsp --stdio', () => {
  it('publishes every problem on didOpen, and again after didChange', async () => {
    const text = 'query a explore Movie with bogus\nquery b explore Movie where traits = "mhmov-x"\n'
    server.send('textDocument/didOpen', { textDocument: { uri, languageId: 'hql', version: 1, text } })
    const opened = await server.next('textDocument/publishDiagnostics', (p) => p.version === 1)
    expect(opened.diagnostics.map((d: any) => [d.code, d.range.start, d.range.end])).toEqual([
      ['unknown_component', { line: 0, character: 27 }, { line: 0, character: 32 }],
      ['wrong_id_prefix', { line: 1, character: 37 }, { line: 1, character: 46 }],
    ])
    expect(opened.diagnostics[0].message).toBe("unknown component 'bogus'")
    // An incremental edit: `bogus` becomes `primaryImage`.
    server.send('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [
        {
          range: { start: { line: 0, character: 27 }, end: { line: 0, character: 32 } },
          text: 'primaryImage',
        },
      ],
    })
    const changed = await server.next('textDocument/publishDiagnostics', (p) => p.version === 2)
    expect(changed.diagnostics.map((d: any) => d.code)).toEqual(['wrong_id_prefix'])
  })

  it('completes components in scope and ids from the sample catalog', async () => {
    const text = 'query c explore Movie where contributors = "brad pi\n  with keyContributors { \n'
    server.send('textDocument/didOpen', {
      textDocument: { uri: 'file:///c.hql', languageId: 'hql', version: 1, text },
    })
    const nested = await server.request('textDocument/completion', {
      textDocument: { uri: 'file:///c.hql' },
      position: { line: 1, character: 25 },
    })
    const labels = nested.map((item: any) => item.label)
    expect(labels).toContain('contributions')
    expect(labels).not.toContain('keyContributors')
    const idItems = await server.request('textDocument/completion', {
      textDocument: { uri: 'file:///c.hql' },
      position: { line: 0, character: 51 },
    })
    expect(idItems[0]).toMatchObject({
      label: 'mhric-brad-pitt',
      detail: 'Brad Pitt (Contributor)',
      textEdit: { newText: '"mhric-brad-pitt"', range: { start: { line: 0, character: 43 } } },
    })
  })

  it("completes ids from the first page of each type of the sample catalog (the service's pages start at 0)", async () => {
    const text = 'query s explore Movie where sources = "amazon'
    server.send('textDocument/didOpen', {
      textDocument: { uri: 'file:///s.hql', languageId: 'hql', version: 1, text },
    })
    const items = await server.request('textDocument/completion', {
      textDocument: { uri: 'file:///s.hql' },
      position: { line: 0, character: text.length },
    })
    expect(items.map((item: any) => [item.label, item.detail])).toEqual([
      ['mhsrc-amazonprime', 'Amazon Prime (Source)'],
    ])
  })

  it('hovers a component and a query, formats, and lists the queries', async () => {
    const text = 'query  popular explore Movie  order by popularity desc with primaryImage\n'
    server.send('textDocument/didOpen', {
      textDocument: { uri: 'file:///h.hql', languageId: 'hql', version: 1, text },
    })
    const component = await server.request('textDocument/hover', {
      textDocument: { uri: 'file:///h.hql' },
      position: { line: 0, character: 62 },
    })
    expect(component.contents.value).toMatch(/^\*\*primaryImage\*\* \(pair\)/)
    const query = await server.request('textDocument/hover', {
      textDocument: { uri: 'file:///h.hql' },
      position: { line: 0, character: 1 },
    })
    expect(query.contents.value).toContain(
      "PagedList<Pair<TypedObject<'Movie'> & { primaryImage: Pair<TypedObject<'Image'>, EmptyContext> }, ItemContext>>",
    )
    const edits = await server.request('textDocument/formatting', {
      textDocument: { uri: 'file:///h.hql' },
      options: { tabSize: 2, insertSpaces: true },
    })
    expect(edits).toEqual([
      {
        range: { start: { line: 0, character: 0 }, end: { line: 1, character: 0 } },
        newText: 'query popular\nexplore Movie\n  order by popularity desc\n  with primaryImage\n',
      },
    ])
    const symbols = await server.request('textDocument/documentSymbol', {
      textDocument: { uri: 'file:///h.hql' },
    })
    expect(symbols.map((s: any) => [s.name, s.detail])).toEqual([['popular', 'explore']])
  })

  it('goes to the declaration of a $param in its query head', async () => {
    const text = 'query q($size: Int = 20) explore Movie\n  page size $size\n'
    server.send('textDocument/didOpen', {
      textDocument: { uri: 'file:///d.hql', languageId: 'hql', version: 1, text },
    })
    const found = await server.request('textDocument/definition', {
      textDocument: { uri: 'file:///d.hql' },
      position: { line: 1, character: 14 },
    })
    expect(found).toEqual({
      uri: 'file:///d.hql',
      range: { start: { line: 0, character: 8 }, end: { line: 0, character: 13 } },
    })
    const none = await server.request('textDocument/definition', {
      textDocument: { uri: 'file:///d.hql' },
      position: { line: 0, character: 27 },
    })
    expect(none).toBeNull()
  })
})
