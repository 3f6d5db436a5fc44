// ServiceIds and IdSource in process, over HTTP to a real reference service on 127.0.0.1: what the protocol
// test cannot reach cheaply (an index bounded per type, a lookup after a hover misses it, the settings' checks).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createService, DEMO, type Service } from 'hql/service'
import { complete, hover, noIds } from '../../src/language'
import { IdSource } from '../../src/lsp/id-source'
import { ServiceIds } from '../../src/lsp/service-ids'
import { readServiceSettings, scrubSecrets } from '../../src/lsp/service-settings'

const movie = (title: string, cast: string) => ({
  id: `wp:${title}`,
  title,
  year: 2001,
  genres: ['Drama'],
  cast: [cast],
})
let service: Service
const settings = () => ({ ...DEMO, baseUrl: service.baseUrl, authUrl: service.authUrl })

beforeAll(async () => {
  service = await createService({
    catalog: {
      movies: [movie('Aardvark Dawn', 'Alma Aster'), movie('Zyzzyva Nights', 'Zeno Zorn')],
      series: [],
    },
  })
})
afterAll(() => service.close())

describe('ids from a service', () => {
  it('reads at most maxPerType of each type, by name, and looks an id up when hover misses the index', async () => {
    const warnings: string[] = []
    const source = new IdSource(noIds, { info: () => {}, warn: (m) => warnings.push(m) }, 5000, {
      maxPerType: 1,
    })
    source.configure(settings())
    const text = 'explore Movie where contributors = "'
    const found = await source.completion((ids) => complete(text, text.length, ids))
    // Sorted by name, one Contributor: Alma Aster, not Zeno Zorn.
    expect(found.map((item) => item.label)).toEqual(['mhric-alma-aster'])
    const zeno = 'explore Movie where contributors = "mhric-zeno-zorn"'
    const named = await source.hover((ids) => hover(zeno, zeno.indexOf('zeno'), ids))
    expect(named?.markdown).toBe('`mhric-zeno-zorn`: **Zeno Zorn** (Contributor)')
    expect(warnings).toEqual([])
  })

  it('warns once and keeps the embedded ids when the client refuses the settings', async () => {
    const warnings: string[] = []
    const source = new IdSource(noIds, { info: () => {}, warn: (m) => warnings.push(m) })
    source.configure({ ...settings(), baseUrl: 'ftp://example.invalid' })
    source.configure({ ...settings(), baseUrl: 'ftp://example.invalid' })
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/^hql\.service: .*baseUrl.*; using the embedded sample catalog$/)
    expect(await source.completion(() => 'computed')).toBe('computed')
  })

  it('reads the setting from untrusted JSON, naming keys and never values', () => {
    expect(readServiceSettings(null)).toBeUndefined()
    expect(readServiceSettings('http://x')).toBe('hql.service must be an object')
    expect(readServiceSettings({ ...settings(), password: '', toString: 1 })).toBe(
      "hql.service needs 'password' (strings)",
    )
    // An inherited key is not a setting.
    expect(readServiceSettings(Object.create(settings()))).toMatch(/^hql.service needs 'baseUrl'/)
    const read = readServiceSettings(settings())
    expect(read).toMatchObject({ baseUrl: service.baseUrl, scope: DEMO.scope })
    expect(scrubSecrets(`a ${DEMO.password} b ${DEMO.clientSecret}`, read as never)).toBe(
      'a [redacted] b [redacted]',
    )
  })

  it('takes settings nested 200,000 deep as any wrong setting: one warning, the embedded ids', async () => {
    // IdSource compared settings by JSON.stringify of the raw value: "Maximum call stack size exceeded".
    let deep: unknown = 'x'
    for (let i = 0; i < 200_000; i++) deep = [deep]
    const warnings: string[] = []
    const source = new IdSource(noIds, { info: () => {}, warn: (m) => warnings.push(m) })
    source.configure({ ...settings(), baseUrl: deep })
    source.configure({ ...settings(), baseUrl: deep })
    source.configure(deep)
    expect(warnings).toEqual([
      "hql.service needs 'baseUrl' (strings); using the embedded sample catalog",
      'hql.service must be an object; using the embedded sample catalog',
    ])
    expect(await source.completion(() => 'computed')).toBe('computed')
  })

  it('answers nothing while reading ahead, and the fallback once reading failed (one warning)', async () => {
    const marker = { id: 'mhric-fallback', name: 'Fallback', type: 'Contributor' } as const
    const fallback = { search: () => [marker], nameOf: () => marker }
    const warnings: string[] = []
    const ids = new ServiceIds({ ...settings(), password: 'wrong' }, fallback, (m) => warnings.push(m))
    expect([ids.settled, ids.provider.search('', ['Contributor'], 5), ids.provider.nameOf('x')]).toEqual([
      false,
      [],
      undefined,
    ])
    await ids.loaded
    expect([ids.settled, ids.provider.search('', ['Contributor'], 5), ids.provider.nameOf('x')]).toEqual([
      true,
      [marker],
      marker,
    ])
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).not.toContain('wrong')
  })
})
