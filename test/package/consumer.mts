// Type-checked against the built declarations (dist/*.d.ts) by test/package/build.test.ts, the way a
// consumer with moduleResolution node16 sees the package. Not part of the main tsconfig's program.
import { hql, compile, returnType, primaryImage, keyContributors } from 'hql'
import type { ResultOf } from 'hql'
import { createService } from 'hql/service'
import { redisRateBudget, redisTokenStore, type RedisClientLike } from 'hql/redis'
import type { RateBudget, TokenStore } from 'hql'

const q = hql.explore().filter(returnType.eq('Movie')).with(keyContributors(primaryImage))
const url: string = ({} as ResultOf<typeof q>).content[0]!.object.keyContributors.content[0]!.object
  .primaryImage.object.medium.url
export const body = compile(q).body
export const start: typeof createService = createService
export { url }

// hql/redis takes the app's client through a structural type: no Redis package's types in hql's declarations.
declare const redis: RedisClientLike
export const tokens: TokenStore = redisTokenStore({
  redis,
  key: 'hql:tokens:app',
  encryptionKey: 'passphrase',
})
export const budget: RateBudget = redisRateBudget({
  redis,
  key: 'hql:budget:app',
  requests: 3000,
  windowSeconds: 60,
})
