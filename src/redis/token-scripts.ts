// The token store's decisions on Redis, one script each. Keys: KEYS[1] the token (a hash: payload, fence,
// expiresAt), KEYS[2] the refresh lock (`<owner>:<fence>`, with an expiry), KEYS[3] the fence counter.
import { script } from './script'

// The fence counter starts from the server's clock, so that fences keep growing across a restart that lost
// the counter: a holder from before the restart cannot pass for a newer one.
const NEXT_FENCE = `
local function next_fence()
  if redis.call('EXISTS', KEYS[3]) == 0 then
    local t = redis.call('TIME')
    redis.call('SET', KEYS[3], string.format('%d', tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)))
  end
  return redis.call('INCR', KEYS[3])
end
`

/** The stored token: { payload, fence } (nil, nil when there is none). */
export const readToken = script('hql-token-read', `return redis.call('HMGET', KEYS[1], 'payload', 'fence')`)

/**
 * Takes the refresh lock for ARGV[1] (an owner id) for ARGV[2] ms: { fence, 0 } when taken, { 0, ms left }
 * when another process holds it. A lock is only ever a string with an expiry: a key there without one (left by
 * a tool, a RESTORE with ttl 0, a stray SET) or of another type is no holder's, and is taken over, or every
 * process would wait on it for good.
 */
export const lockToken = script(
  'hql-token-lock',
  `${NEXT_FENCE}
local left = redis.call('PTTL', KEYS[2])
if left > 0 and redis.call('TYPE', KEYS[2]).ok == 'string' then return { 0, left } end
local fence = next_fence()
redis.call('SET', KEYS[2], ARGV[1] .. ':' .. fence, 'PX', ARGV[2])
return { fence, 0 }`,
)

/**
 * Stores a refreshed token (ARGV[3], ARGV[4] its expiry) under fence ARGV[2] and lets go of the lock ARGV[1]:
 * only while holding the lock, or, the lock having expired with nobody taking it, when no newer token was
 * stored since. A slow holder never overwrites a newer token. 1 when stored, 0 when refused.
 */
export const storeRefreshed = script(
  'hql-token-store-refreshed',
  `local lock = redis.call('GET', KEYS[2])
if lock == ARGV[1] then
  redis.call('DEL', KEYS[2])
elseif lock then
  return 0
elseif tonumber(redis.call('HGET', KEYS[1], 'fence') or '0') >= tonumber(ARGV[2]) then
  return 0
end
redis.call('HSET', KEYS[1], 'payload', ARGV[3], 'fence', ARGV[2], 'expiresAt', ARGV[4])
return 1`,
)

/**
 * Extends the lock ARGV[1] to ARGV[2] ms from now if it is still held by the same owner and fence (compare and
 * extend): a holder slower than the lock's lifetime keeps it while alive, and never extends another's lock.
 * 1 when extended, 0 when the lock is gone or another's.
 */
export const renewLock = script(
  'hql-token-renew',
  `if redis.call('GET', KEYS[2]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[2], ARGV[2]) end
return 0`,
)

/** Lets go of the lock ARGV[1] if still held (compare and delete). */
export const unlockToken = script(
  'hql-token-unlock',
  `if redis.call('GET', KEYS[2]) == ARGV[1] then return redis.call('DEL', KEYS[2]) end
return 0`,
)

/** Stores a token given by the app (`set`) under a new fence; with ARGV[3] = 'absent', only if there is none. */
export const putToken = script(
  'hql-token-put',
  `${NEXT_FENCE}
if ARGV[3] == 'absent' and redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'payload', ARGV[1], 'fence', next_fence(), 'expiresAt', ARGV[2])
return 1`,
)

/** Forgets the token (the fence counter stays, so fences keep growing). */
export const clearToken = script('hql-token-clear', `return redis.call('DEL', KEYS[1])`)
