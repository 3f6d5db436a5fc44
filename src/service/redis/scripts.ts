// The service's decisions on Redis, one Lua script each (atomic: two instances never redeem one refresh token).
// Tokens are keyed by their SHA-256, never by themselves: whoever can list the keys cannot use them.
import { script } from '../../redis/script'

/**
 * Issues tokens: KEYS[1] the family's set, KEYS[2] the access token, KEYS[3] (for a grant with one) the refresh
 * token. ARGV: access grant JSON, access ms, family, refresh grant JSON, refresh ms, client id, refresh expiry,
 * and the family's revocation mark: a rotation that lost the race with a reuse on another instance (the family
 * was revoked between its redemption and this) stores nothing, so the pair it hands out is as dead as the rest.
 */
export const issueTokens = script(
  'hql-service-issue',
  `if redis.call('EXISTS', ARGV[8]) == 1 then return 0 end
redis.call('HSET', KEYS[2], 'grant', ARGV[1], 'family', ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
redis.call('SADD', KEYS[1], KEYS[2])
local ttl = tonumber(ARGV[2])
if KEYS[3] then
  redis.call('HSET', KEYS[3], 'grant', ARGV[4], 'family', ARGV[3], 'clientId', ARGV[6], 'expiresAt', ARGV[7])
  redis.call('PEXPIRE', KEYS[3], ARGV[5])
  redis.call('SADD', KEYS[1], KEYS[3])
  ttl = math.max(ttl, tonumber(ARGV[5]))
end
if redis.call('PTTL', KEYS[1]) < ttl then redis.call('PEXPIRE', KEYS[1], ttl) end
return 1`,
)

/** The grant JSON of an access token (KEYS[1]), or nil. */
export const readGrant = script('hql-service-verify', `return redis.call('HGET', KEYS[1], 'grant')`)

/**
 * Redeems a refresh token (KEYS[1]) for client ARGV[1] at time ARGV[2]: { grant, family } and the token is
 * spent (remembered in KEYS[2] until it would have expired). A spent token presented again by its client
 * revokes its family (every key in the set ARGV[3] .. family, and marks ARGV[4] .. family for ARGV[5] ms so
 * that no rotation joins it later) and answers nil, as does any other failure.
 */
export const redeemRefresh = script(
  'hql-service-redeem',
  `local entry = redis.call('HMGET', KEYS[1], 'grant', 'family', 'clientId', 'expiresAt')
if not entry[1] then
  local used = redis.call('HMGET', KEYS[2], 'family', 'clientId')
  if used[1] and used[2] == ARGV[1] then
    redis.call('DEL', KEYS[2])
    local members = redis.call('SMEMBERS', ARGV[3] .. used[1])
    for _, member in ipairs(members) do redis.call('DEL', member) end
    redis.call('DEL', ARGV[3] .. used[1])
    redis.call('SET', ARGV[4] .. used[1], '1', 'PX', ARGV[5])
  end
  return false
end
if entry[3] ~= ARGV[1] then return false end
redis.call('DEL', KEYS[1])
redis.call('SREM', ARGV[3] .. entry[2], KEYS[1])
local left = tonumber(entry[4]) - tonumber(ARGV[2])
if left <= 0 then return false end
redis.call('HSET', KEYS[2], 'family', entry[2], 'clientId', ARGV[1])
redis.call('PEXPIRE', KEYS[2], math.ceil(left))
return { entry[1], entry[2] }`,
)

/**
 * A fixed-window counter (windows aligned to the epoch on the Redis server's clock, so that instances agree):
 * KEYS[1] .. ':' .. window counts the events of one key. ARGV: budget, window ms, and the mode: 'take' (count,
 * then say how long to wait if it was already over: the client budget), 'reserve' (count only if under the
 * budget, else say how long to wait: the comparison and the count in one step for every instance at once, the
 * failed-authentication counters) or 'release' (take one count back). Answers seconds, or 0.
 */
export const countWindow = script(
  'hql-service-window',
  `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local windowMs = tonumber(ARGV[2])
local window = math.floor(now / windowMs)
local key = KEYS[1] .. ':' .. string.format('%d', window)
local count = tonumber(redis.call('GET', key) or '0')
local mode = ARGV[3]
if mode == 'release' then
  if count > 0 then redis.call('DECR', key) end
  return 0
end
local over = count >= tonumber(ARGV[1])
if mode == 'take' or not over then
  redis.call('INCR', key)
  redis.call('PEXPIRE', key, windowMs)
end
if not over then return 0 end
return math.max(1, math.ceil(((window + 1) * windowMs - now) / 1000))`,
)
