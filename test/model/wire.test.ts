import { describe, expect, it } from 'vitest'
import {
  TOKEN_PATH,
  endpointAtPath,
  endpointNames,
  endpointOfGraphPath,
  endpointPaths,
  graphPath,
  isEndpointName,
  nextEndpointPath,
  sortedJson,
} from '../../src/model'

// The wire facts every door reads (src/model/wire.ts).

describe('endpoints and their paths', () => {
  it('names four endpoints, each at /graph/<name> and the bare /<name> relate’s next uses', () => {
    expect([...endpointNames].sort()).toEqual(['explore', 'lookup', 'relate', 'silos'])
    expect(graphPath('relate')).toBe('/graph/relate')
    expect(endpointPaths('relate')).toEqual(['/graph/relate', '/relate'])
    for (const name of endpointNames) {
      expect(endpointAtPath(`/graph/${name}`)).toBe(name)
      expect(endpointAtPath(`/${name}`)).toBe(name)
    }
  })

  it('reads the endpoint back from its graph path', () => {
    for (const name of endpointNames) expect(endpointOfGraphPath(graphPath(name))).toBe(name)
  })

  it('says /relate in relate’s next, the graph path in the others’, and each names its own endpoint', () => {
    expect(endpointNames.map(nextEndpointPath)).toEqual([
      '/graph/explore',
      '/relate',
      '/graph/silos',
      '/graph/lookup',
    ])
    for (const name of endpointNames) expect(endpointAtPath(nextEndpointPath(name))).toBe(name)
  })

  it('names no endpoint for anything else', () => {
    for (const path of [
      '/graph/graph/explore',
      '//explore',
      'explore',
      '/graph/explore/',
      '/graphexplore',
      '/toString',
    ])
      expect(endpointAtPath(path)).toBeUndefined()
    expect(isEndpointName('constructor')).toBe(false)
    expect(isEndpointName('lookup')).toBe(true)
  })

  it('keeps the token path the client and the test doubles share', () => {
    expect(TOKEN_PATH).toBe('/1.3/security/oauth/token')
  })
})

describe('sortedJson', () => {
  it('gives one text for bodies that differ only in key order, at every level', () => {
    const a = { b: 1, a: [{ y: 2, x: null }] }
    const b = { a: [{ x: null, y: 2 }], b: 1 }
    expect(sortedJson(a, () => new Error('deep'))).toBe('{"a":[{"x":null,"y":2}],"b":1}')
    expect(sortedJson(b, () => new Error('deep'))).toBe(sortedJson(a, () => new Error('deep')))
    expect(sortedJson([1, 'two'], () => new Error('deep'))).toBe(JSON.stringify([1, 'two']))
  })

  it('throws what it is given for a value nested deeper than 64 levels, and not at 64', () => {
    const nest = (levels: number) => {
      let value: unknown = 0
      for (let i = 0; i < levels; i++) value = [value]
      return value
    }
    expect(() => sortedJson(nest(64), () => new RangeError('too deep'))).not.toThrow()
    expect(() => sortedJson(nest(65), () => new RangeError('too deep'))).toThrow(RangeError)
  })
})
