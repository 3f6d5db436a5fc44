// A key given twice in one object of a request body is refused with 400 invalid_json and the key's path, where
// JSON.parse would keep the last copy and drop the first without a word (session 20's review:
// `{"ids":["a"],"ids":["b"]}` answered b). On the event loop and on the graph worker's path (bodies over
// 8 KiB) alike: both parse with parseJson. Over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { objects, startHarness, type Harness } from './helpers'

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h.service.close())

const refused = (path: string) => ({
  status: 400,
  body: {
    error: 'invalid_json',
    message: 'a key given twice in one object; send each key once',
    status: 400,
    path,
  },
})
const answer = async (path: string, text: string) => {
  const { status, body } = await h.post(path, text)
  return { status, body }
}

describe('a key given twice', () => {
  it('is refused at the top of a small body', async () => {
    expect(await answer('/graph/lookup', '{"ids":["mhmov-gladiator"],"ids":["mhmov-alien"]}')).toEqual(
      refused('$.ids'),
    )
  })

  it('is refused deep inside one, with its path, however it is spelled', async () => {
    const text = '{"filters":{"returnType":{"$eq":"Movie"},"returnType":{"$eq":"ShowSeries"}},"pageSize":2}'
    expect(await answer('/graph/explore', text)).toEqual(refused('$.filters.returnType'))
    const escaped =
      '{"ids":["mhmov-gladiator"],"components":[{"name":"primaryImage","n\\u0061me":"sources"}]}'
    expect(await answer('/graph/lookup', escaped)).toEqual(refused('$.components[0].name'))
  })

  it('is refused in a body over 8 KiB (the graph worker reads those)', async () => {
    const ids = Array.from({ length: 500 }, () => '"mhmov-gladiator"').join(',')
    const text = `{"ids":[${ids}],"pageSize":100,"pageSize":1}`
    expect(text.length).toBeGreaterThan(8 * 1024)
    expect(await answer('/graph/lookup', text)).toEqual(refused('$.pageSize'))
  })

  it('is no repeat in another object, or as a value', async () => {
    const r = await h.post('/graph/lookup', {
      ids: ['mhmov-gladiator'],
      components: [{ name: 'primaryImage' }, { name: 'sources' }],
    })
    expect(r.status).toBe(200)
    expect(objects(r.body).map((o) => o.altId)).toEqual(['mhmov-gladiator'])
  })
})
