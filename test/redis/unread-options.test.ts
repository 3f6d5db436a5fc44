// The Redis parts' options no part reads, which a spread object or a cast gets past TypeScript's check of excess
// keys: each a ClientConfigError naming the option, before anything reaches Redis (a reviewer's finding of
// session 22: `encryptionkey`, misspelt, stored the token in plain text; `onExceed` left the budget waiting).
import { expect, it } from 'vitest'
import { ClientConfigError } from '../../src/client'
import { redisRateBudget, redisTokenStore } from '../../src/redis'

// A client no command reaches: a refused option must be refused before one is sent.
const sent: unknown[][] = []
const redis = { sendCommand: async (args: unknown[]) => void sent.push(args) }
const loose = <T>(value: unknown) => value as T

it('redisTokenStore refuses an option it does not read, naming it', () => {
  const refusal = () =>
    redisTokenStore(loose({ redis, key: 'hql:tokens', encryptionkey: 'app secret passphrase' }))
  expect(refusal).toThrow(ClientConfigError)
  expect(refusal).toThrow('$.tokenStore.encryptionkey: not an option of redisTokenStore')
  expect(sent).toEqual([])
})

it('redisRateBudget refuses an option it does not read, naming it', () => {
  const refusal = () =>
    redisRateBudget(loose({ redis, key: 'hql:budget', requests: 5, windowSeconds: 1, onExceed: 'fail' }))
  expect(refusal).toThrow(ClientConfigError)
  expect(refusal).toThrow('$.budget.onExceed: not an option of redisRateBudget')
  expect(sent).toEqual([])
})

it('each takes every option it documents', () => {
  expect(() =>
    redisTokenStore({
      redis,
      key: 'hql:tokens',
      encryptionKey: 'app secret passphrase',
      lockMs: 1000,
      pollMs: 20,
      commandTimeoutMs: 100,
      retryMs: 100,
      onRedisStateChange: () => {},
    }),
  ).not.toThrow()
  expect(() =>
    redisRateBudget({
      redis,
      key: 'hql:budget',
      requests: 5,
      windowSeconds: 1,
      onExceeded: 'fail',
      smooth: false,
      maxPauseMs: 100,
      fallbackRequests: 2,
      marginMs: 10,
      commandTimeoutMs: 100,
      retryMs: 100,
      onRedisStateChange: () => {},
    }),
  ).not.toThrow()
})
