// hql/redis: the token store and the rate budget of a fleet, shared through the app's own Redis client
// (node-redis or ioredis, an optional peer dependency: nothing here imports either).
export { redisTokenStore, type RedisTokenStoreOptions } from './token-store'
export { redisRateBudget, type RedisRateBudgetOptions } from './rate-budget'
export type { SharedOptions } from './options'
export type { RedisClientLike, NodeRedisLike, IoRedisLike } from './client'
export type { EncryptionKey } from './seal'
