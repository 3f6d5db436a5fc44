// hql/redis: the token store and the rate budget of a fleet, shared through the app's own Redis client
// (node-redis or ioredis, an optional peer dependency: nothing here imports either).

// The token store: one refresh per fleet (a lock with a fence), tokens kept with their absolute expiry.
export { redisTokenStore, type RedisTokenStoreOptions } from './token-store'

// The rate budget: one sliding window for the whole fleet, paused by a 429 any process sees.
export { redisRateBudget, type RedisRateBudgetOptions } from './rate-budget'

// What both share: the key, the Redis client they are given, the fallback and its hook.
export type { SharedOptions } from './options'
export type { RedisClientLike, NodeRedisLike, IoRedisLike } from './client'

// Sealing stored tokens with a key the app gives (AES-256-GCM through WebCrypto).
export type { EncryptionKey } from './seal'
