import { clipped } from '../model'
import type { QueryEngineOptions } from '../service'
import { expected, got, isRecord, optionsOf } from './arguments'
import type { HqlFixture } from './fixtures'
import type { HqlHandlersOptions } from './handlers'
import type { TestCredentials } from './token-endpoint'

// hqlHandlers' options, checked when the handlers are made: a bad one fails the test that made them, naming it,
// rather than changing what the handlers answer without a word.

const optionKeys: readonly (keyof HqlHandlersOptions)[] = [
  'baseUrl',
  'authUrl',
  'fixtures',
  'catalog',
  'credentials',
  'tokenLifetimeSeconds',
]
const engineKeys: readonly (keyof QueryEngineOptions)[] = ['catalog', 'users', 'limits', 'baseUrl']
const credentialKeys: readonly (keyof TestCredentials)[] = [
  'clientId',
  'clientSecret',
  'username',
  'password',
]

/**
 * The options checked, each bad one a TypeError (RangeError) naming it: a setting left out or misspelt would
 * otherwise change what a test tests without a word.
 */
export function checkedOptions(options: HqlHandlersOptions): HqlHandlersOptions {
  if (!isRecord(options)) throw expected('options to be an object with a baseUrl', options)
  const { baseUrl, authUrl, fixtures, catalog, credentials, tokenLifetimeSeconds } = optionsOf(
    options,
    'options',
    optionKeys,
  )
  if (typeof baseUrl !== 'string') throw expected('options.baseUrl to be a URL string', baseUrl)
  if (authUrl !== undefined && typeof authUrl !== 'string')
    throw expected('options.authUrl to be a URL string', authUrl)
  if (fixtures !== undefined && !Array.isArray(fixtures))
    throw expected('options.fixtures to be an array of fixtures', fixtures)
  if (catalog !== undefined && typeof catalog !== 'boolean' && !isRecord(catalog))
    throw expected('options.catalog to be true, false or engine options', catalog)
  // The engine's own options: the engine takes any object, so a misspelt key is refused here.
  if (isRecord(catalog)) optionsOf(catalog, 'options.catalog', engineKeys)
  if (credentials !== undefined) {
    // Only the kind of a credential is shown: its value may be a real secret.
    optionsOf(credentials, 'options.credentials', credentialKeys)
    for (const key of credentialKeys) {
      const value = (credentials as Record<string, unknown>)[key]
      const optional = key === 'username' || key === 'password'
      if (typeof value !== 'string' && !(optional && value === undefined))
        throw new TypeError(
          `expected options.credentials.${key} to be a string, got ${value === null ? 'null' : typeof value}`,
        )
    }
  }
  if (tokenLifetimeSeconds !== undefined) {
    if (typeof tokenLifetimeSeconds !== 'number')
      throw expected('options.tokenLifetimeSeconds to be a positive number of seconds', tokenLifetimeSeconds)
    // The client refuses a token whose expires_in is 0 or less: the handlers would answer every grant with one.
    if (!(tokenLifetimeSeconds > 0 && Number.isFinite(tokenLifetimeSeconds)))
      throw new RangeError(
        `expected options.tokenLifetimeSeconds to be a positive number of seconds, got ${got(tokenLifetimeSeconds)}`,
      )
  }
  return options
}

/**
 * The fixtures by the request they answer. One request with two fixtures is refused, naming both: the handlers
 * can serve one answer per request, and whichever was dropped would go unseen.
 */
export function fixturesByKey(fixtures: readonly HqlFixture[]): Map<string, [number, HqlFixture]> {
  const byKey = new Map<string, [number, HqlFixture]>()
  // A loop by index, not forEach: a hole in the array is refused, not skipped.
  for (let i = 0; i < fixtures.length; i++) {
    const f: unknown = fixtures[i]
    if (
      !isRecord(f) ||
      typeof f['key'] !== 'string' ||
      typeof f['endpoint'] !== 'string' ||
      typeof f['status'] !== 'number'
    )
      throw expected(`options.fixtures[${i}] to be a fixture (made by fixture or errorFixture)`, f)
    const earlier = byKey.get(f['key'])
    if (earlier !== undefined)
      throw new TypeError(
        `expected one fixture per request, got options.fixtures[${earlier[0]}] and options.fixtures[${i}] for POST /graph/${f['endpoint']} ${clipped(f['key'])}`,
      )
    byKey.set(f['key'], [i, f as unknown as HqlFixture])
  }
  return byKey
}
