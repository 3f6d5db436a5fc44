import { describe, expect, it } from 'vitest'
import { InvalidResponseError } from '../../src/client/errors'
import { checkResponse, maxResponseDepth, type ResponseSchema } from '../../src/client/checks'

// Accepts anything: what is left to fail is the depth bound that runs before any schema.
const anything: ResponseSchema = { safeParse: (value) => ({ success: true, data: value }) }

/** Arrays and objects inside one another, `[{ a: [{ a: … }] }]`: the innermost one's path is `levels` long. */
function nested(levels: number): unknown {
  let value: unknown = {}
  for (let level = levels; level > 0; level--) value = level % 2 === 0 ? { a: value } : [value]
  return value
}

describe('the depth bound of a response, at its edge', () => {
  it(`passes an object at path length ${maxResponseDepth - 1}, refuses one at ${maxResponseDepth} with its path`, () => {
    expect(checkResponse(anything, nested(maxResponseDepth - 1), 'the response')).toBeDefined()
    let error: unknown
    try {
      checkResponse(anything, nested(maxResponseDepth), 'the response')
    } catch (thrown) {
      error = thrown
    }
    expect(error).toBeInstanceOf(InvalidResponseError)
    expect((error as InvalidResponseError).message).toMatch(
      new RegExp(`: the response nests more than ${maxResponseDepth} levels deep$`),
    )
    const path = (error as InvalidResponseError).path
    expect(path).toHaveLength(maxResponseDepth)
    expect(path.slice(0, 4)).toEqual([0, 'a', 0, 'a'])
  })

  it('finds the deep branch behind shallow siblings, in objects and arrays alike', () => {
    const wide = (inner: unknown) => ({ x: [1, {}, 'a', [[]]], y: null, z: [{ w: {} }, inner] })
    // The innermost object of `wide(nested(n))` sits at path length n + 2 (`z`, its index).
    expect(checkResponse(anything, wide(nested(maxResponseDepth - 3)), 'the response')).toBeDefined()
    expect(() => checkResponse(anything, wide(nested(maxResponseDepth - 2)), 'the response')).toThrow(
      InvalidResponseError,
    )
  })

  it('describes the request only when it fails', () => {
    let described = 0
    const describe = () => {
      described++
      return {
        kind: 'graph',
        method: 'POST',
        url: 'http://127.0.0.1/graph/explore',
        headers: {},
        body: {},
      } as const
    }
    checkResponse(anything, nested(3), 'the response', describe)
    expect(described).toBe(0)
    expect(() => checkResponse(anything, nested(maxResponseDepth + 1), 'the response', describe)).toThrow(
      InvalidResponseError,
    )
    expect(described).toBe(1)
  })
})
