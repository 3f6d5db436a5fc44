// The token store's decisions on Redis, one script each. Keys: KEYS[1] the token (a hash: payload, fence,
// expiresAt), KEYS[2] the refresh lock (`<owner>:<fence>`, with an expiry), KEYS[3] the fence counter.
import { ownKeys, probeScript } from './own-keys'
import { script } from './script'

// Every script starts here: a key of another type is no token, lock or counter (see ownKeys); a sorted set is a
// rate budget's log, which the store leaves alone.
const OWN_KEYS = ownKeys(['hash', 'string', 'string'], 'zset', 'a rate budget')

// The fence counter starts from the server's clock, so that fences keep growing across a restart that lost
// the counter: a holder from before the restart cannot pass for a newer one. A counter that is not 1 to 13
// digits (garbage, which INCR refuses; INT64_MAX, which it cannot pass; or anything from 1e13, which Lua, its
// numbers doubles, prints in exponent form from 1e14, and JavaScript rounds from 2^53) is seeded again from
// the clock (13 digits until the year 2286): left, every lock failed or never matched its holder's fence.
const NEXT_FENCE = `
local function next_fence()
  local counter = redis.call('GET', KEYS[3])
  if not counter or not string.match(counter, '^%d+$') or #counter > 13 then
    local t = redis.call('TIME')
    redis.call('SET', KEYS[3], string.format('%d', tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)))
  end
  return redis.call('INCR', KEYS[3])
end
`

// A fence as stored in the token hash, which anyone may have written: digits, or no fence (0).
const FENCE_OF = `
local function fence_of(text)
  if text and string.match(text, '^%d+$') and #text <= 15 then return tonumber(text) end
  return 0
end
`

/** The stored token: { payload, fence } (nil, nil when there is none). */
export const readToken = script(
  'hql-token-read',
  `${OWN_KEYS}
return redis.call('HMGET', KEYS[1], 'payload', 'fence')`,
)

/**
 * Takes the refresh lock for ARGV[1] (an owner id) for ARGV[2] ms: { fence, 0 } when taken, { 0, ms left }
 * when another process holds it. A lock is only ever a string with an expiry: a key there without one (left by
 * a tool, a RESTORE with ttl 0, a stray SET) or of another type (deleted by OWN_KEYS) is no holder's, and is
 * taken over, or every process would wait on it for good. The fence goes into the lock's value as digits
 * (string.format): concatenated, a number from 1e14 read `1.1529215046068e+18`, which no holder's value matched.
 */
export const lockToken = script(
  'hql-token-lock',
  `${OWN_KEYS}${NEXT_FENCE}
local left = redis.call('PTTL', KEYS[2])
if left > 0 then return { 0, left } end
local fence = next_fence()
redis.call('SET', KEYS[2], ARGV[1] .. ':' .. string.format('%d', fence), 'PX', ARGV[2])
return { fence, 0 }`,
)

/**
 * Stores a refreshed token (ARGV[3], ARGV[4] its expiry) under fence ARGV[2] and lets go of the lock ARGV[1]:
 * only while holding the lock, or, the lock having expired with nobody taking it, when no newer token was
 * stored since. A slow holder never overwrites a newer token. 1 when stored, 0 when refused.
 */
export const storeRefreshed = script(
  'hql-token-store-refreshed',
  `${OWN_KEYS}${FENCE_OF}
local lock = redis.call('GET', KEYS[2])
if lock == ARGV[1] then
  redis.call('DEL', KEYS[2])
elseif lock then
  return 0
elseif fence_of(redis.call('HGET', KEYS[1], 'fence')) >= tonumber(ARGV[2]) then
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
  `${OWN_KEYS}
if redis.call('GET', KEYS[2]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[2], ARGV[2]) end
return 0`,
)

/** Lets go of the lock ARGV[1] if still held (compare and delete). */
export const unlockToken = script(
  'hql-token-unlock',
  `${OWN_KEYS}
if redis.call('GET', KEYS[2]) == ARGV[1] then return redis.call('DEL', KEYS[2]) end
return 0`,
)

/** Stores a token given by the app (`set`) under a new fence; with ARGV[3] = 'absent', only if there is none. */
export const putToken = script(
  'hql-token-put',
  `${OWN_KEYS}${NEXT_FENCE}
if ARGV[3] == 'absent' and redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'payload', ARGV[1], 'fence', string.format('%d', next_fence()), 'expiresAt', ARGV[2])
return 1`,
)

/** Forgets the token (the fence counter stays, so fences keep growing). */
export const clearToken = script(
  'hql-token-clear',
  `${OWN_KEYS}
return redis.call('DEL', KEYS[1])`,
)

/** The store's probe after a fallback (KEYS[4] `<key>:probe`): its keys made its own, and a write. */
export const probeTokenStore = probeScript('hql-token-probe', OWN_KEYS)
