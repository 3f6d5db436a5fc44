// Ids from a configured service (`hql.service`), over the protocol to a real `hql lsp --stdio` process, with a
// real reference service on 127.0.0.1 whose catalog is not the embedded one: its only cast member, Quintessa
// Marlowe, is unknown to the embedded catalog, and Brad Pitt, whom the embedded catalog knows, is not in it.
import { createServer, type Server, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createService, DEMO, type Service } from 'hql/service'
import { LspProcess } from './client'

const catalog = {
  movies: [
    {
      id: 'wp:Zyzzyva_Nights',
      title: 'Zyzzyva Nights',
      year: 2001,
      genres: ['Drama'],
      cast: ['Quintessa Marlowe'],
      directors: ['Octavian Brill'],
    },
  ],
  series: [],
}
const uri = 'file:///service.hql'
const text =
  'query a explore Movie where contributors = "quint\nquery b explore Movie where contributors = "brad pi\n'
let service: Service
let server: LspProcess

const settings = (baseUrl: string, password = DEMO.password) => ({
  ...DEMO,
  password,
  baseUrl,
  authUrl: `${baseUrl}/auth`,
})
const completeAt = (line: number, character: number) =>
  server.request('textDocument/completion', { textDocument: { uri }, position: { line, character } })
const logs = (type?: number) =>
  server.received
    .filter((m) => m.method === 'window/logMessage')
    .map((m) => m.params as { type: number; message: string })
    .filter((p) => type === undefined || p.type === type)
    .map((p) => p.message)

beforeAll(async () => {
  service = await createService({ catalog })
  server = new LspProcess()
  await server.request('initialize', {
    processId: null,
    rootUri: null,
    capabilities: {},
    initializationOptions: { service: settings(service.baseUrl) },
  })
  server.send('initialized', {})
  server.send('textDocument/didOpen', { textDocument: { uri, languageId: 'hql', version: 1, text } })
})

afterAll(async () => {
  // No secret ever reaches the log, whatever happened above.
  expect(logs().join('\n')).not.toMatch(/demo-password|hql-demo-secret|hunter2/)
  expect(await server.close()).toBe(0)
  await service.close()
})

describe('hql.service', () => {
  it('completes ids by name and names them on hover from the service set in initializationOptions', async () => {
    await server.next(
      'window/logMessage',
      (p) => p.type === 3 && p.message.includes(`ids from ${service.baseUrl}`),
    )
    const items = await completeAt(0, 49)
    expect(items.map((item: any) => [item.label, item.detail])).toEqual([
      ['mhric-quintessa-marlowe', 'Quintessa Marlowe (Contributor)'],
    ])
    // The embedded catalog's Brad Pitt is not offered: the ids are the service's.
    expect(await completeAt(1, 51)).toEqual([])
    server.send('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ text: 'query a explore Movie where contributors = "mhric-quintessa-marlowe"\n' }],
    })
    await server.next('textDocument/publishDiagnostics', (p) => p.uri === uri && p.version === 2)
    const hover = await server.request('textDocument/hover', {
      textDocument: { uri },
      position: { line: 0, character: 50 },
    })
    expect(hover.contents.value).toBe('`mhric-quintessa-marlowe`: **Quintessa Marlowe** (Contributor)')
  })

  it('falls back to the embedded catalog with one warning when the service refuses, secrets unlogged', async () => {
    server.send('workspace/didChangeConfiguration', {
      settings: { hql: { service: settings(service.baseUrl, 'hunter2') } },
    })
    await server.next(
      'window/logMessage',
      (p) => p.type === 2 && p.message.includes('embedded sample catalog'),
    )
    server.send('textDocument/didChange', { textDocument: { uri, version: 3 }, contentChanges: [{ text }] })
    await server.next('textDocument/publishDiagnostics', (p) => p.uri === uri && p.version === 3)
    expect((await completeAt(1, 51))[0]).toMatchObject({ label: 'mhric-brad-pitt' })
    expect((await completeAt(0, 49)).map((item: any) => item.label)).not.toContain('mhric-quintessa-marlowe')
    const warnings = logs(2).filter((m) => m.includes(service.baseUrl))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/^hql: ids from http:\/\/127\.0\.0\.1:\d+ unavailable, using the embedded/)
  })

  it('names the keys an invalid setting lacks, and null goes back to the embedded catalog', async () => {
    server.send('workspace/didChangeConfiguration', {
      settings: { hql: { service: { baseUrl: 42, password: 'hunter2' } } },
    })
    const warning = await server.next('window/logMessage', (p) => p.message.startsWith('hql.service needs'))
    expect(warning.message).toBe(
      "hql.service needs 'baseUrl', 'authUrl', 'clientId', 'clientSecret', 'username' (strings); using the embedded sample catalog",
    )
    server.send('workspace/didChangeConfiguration', { settings: { hql: { service: null } } })
    expect((await completeAt(1, 51))[0]).toMatchObject({ label: 'mhric-brad-pitt' })
  })
})

describe('a service that never answers', () => {
  let hole: Server
  const sockets: Socket[] = []
  beforeAll(async () => {
    // Accepts connections and never answers: the worst a configured service can do.
    hole = createServer((socket) => void sockets.push(socket))
    await new Promise<void>((resolve) => hole.listen(0, '127.0.0.1', resolve))
  })
  afterAll(async () => {
    for (const socket of sockets) socket.destroy()
    await new Promise<void>((resolve) => hole.close(() => resolve()))
  })

  it('blocks neither diagnostics nor completion that needs no ids', async () => {
    const { port } = hole.address() as { port: number }
    const baseUrl = `http://127.0.0.1:${port}`
    server.send('workspace/didChangeConfiguration', { settings: { hql: { service: settings(baseUrl) } } })
    server.send('textDocument/didChange', {
      textDocument: { uri, version: 4 },
      contentChanges: [{ text: 'query c explore Movie with \n' }],
    })
    const diagnostics = await server.next('textDocument/publishDiagnostics', (p) => p.version === 4)
    expect(diagnostics.uri).toBe(uri)
    const components = await completeAt(0, 27)
    expect(components.map((item: any) => item.label)).toContain('primaryImage')
    // Both answered while the service was still being waited for: its warning had not come yet.
    expect(logs(2).filter((m) => m.includes(baseUrl))).toEqual([])
    await server.next('window/logMessage', (p) => p.type === 2 && p.message.includes(baseUrl))
    expect(logs(2).filter((m) => m.includes(baseUrl))).toHaveLength(1)
  })
  it('answers ContentModified to a hover or completion whose document was edited while it waited', async () => {
    // A service not read yet (another clientId: a new index): hover and completion of ids wait up to 1.5 s.
    const { port } = hole.address() as { port: number }
    const baseUrl = `http://127.0.0.1:${port}`
    server.send('workspace/didChangeConfiguration', {
      settings: { hql: { service: { ...settings(baseUrl), clientId: 'another' } } },
    })
    const hovered = 'file:///edited-hover.hql'
    const completed = 'file:///edited-completion.hql'
    for (const [doc, text] of [
      [hovered, 'query a explore Movie with primaryImage\n'],
      [completed, 'query b explore Movie where contributors = "brad'],
    ])
      server.send('textDocument/didOpen', { textDocument: { uri: doc, languageId: 'hql', version: 1, text } })
    const hover = server.request('textDocument/hover', {
      textDocument: { uri: hovered },
      position: { line: 0, character: 30 },
    })
    const completion = server.request('textDocument/completion', {
      textDocument: { uri: completed },
      position: { line: 0, character: 48 },
    })
    // A line typed above each while they wait: the ranges found in the old text would point a line too high.
    for (const doc of [hovered, completed])
      server.send('textDocument/didChange', {
        textDocument: { uri: doc, version: 2 },
        contentChanges: [
          {
            range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
            text: '# a comment\n',
          },
        ],
      })
    await expect(hover).rejects.toThrow(/"code":-32801,"message":"the document changed while hql answered/)
    await expect(completion).rejects.toThrow(/"code":-32801/)
    // Asked again, the answer is at the text as it is now.
    const again = await server.request('textDocument/hover', {
      textDocument: { uri: hovered },
      position: { line: 1, character: 30 },
    })
    expect(again.range).toEqual({ start: { line: 1, character: 27 }, end: { line: 1, character: 39 } })
  })
})
