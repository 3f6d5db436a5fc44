// A process that takes the fleet's refresh lock and asks a (stalling) token endpoint: the lock tests kill it
// while its token request is out, as a crashed holder.
import { redisTokenStore } from '../../src/redis'
import { redisClient } from '../support/redis-clients'
import { renewalAt } from './stalling-token-server'

const env = (name: string) => process.env[name] ?? ''
const redis = (await redisClient('node-redis', env('HQL_LOCK_REDIS_URL'))).redis
const store = redisTokenStore({ redis, key: env('HQL_LOCK_KEY'), lockMs: Number(env('HQL_LOCK_MS')) })
void store.refresh!(renewalAt(env('HQL_LOCK_TOKEN_URL')))
