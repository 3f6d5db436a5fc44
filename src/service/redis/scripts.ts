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
 * A sliding-window counter (`WindowCounter`'s log, shared): KEYS[1] is a sorted set of the key's counted events,
 * each scored by its time in ms on the Redis server's clock, so that instances whose own clocks differ agree.
 * An event at time t counts while now - t < the window; what has left is trimmed first, and what lies ahead of
 * now (a clock stepped back, or a score written by someone else, +inf too) counts as made now. ARGV: budget,
 * window ms, mode, the member naming a new event (random, from the caller), and optionally the time (tests only).
 * 'reserve' counts an event only under the budget (the comparison and the count in one step for every instance
 * at once) and answers 0, else the seconds until the oldest counted event leaves the window; 'release' takes
 * back the oldest counted event (WindowCounter.release says why the oldest). The set holds at most `budget`
 * members and expires a window after its newest. A key holding anything but a sorted set (an older version's
 * counter, or another's data) reads as empty and is written anew.
 */
export const countWindow = script(
  'hql-service-window',
  `local now
if ARGV[5] then
  now = tonumber(ARGV[5])
else
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local key = KEYS[1]
local kind = redis.call('TYPE', key)['ok']
if kind ~= 'zset' and kind ~= 'none' then redis.call('DEL', key) end
local windowMs = tonumber(ARGV[2])
local nowText = string.format('%d', now)
redis.call('ZREMRANGEBYSCORE', key, '-inf', string.format('%d', now - windowMs))
local ahead = redis.call('ZRANGEBYSCORE', key, '(' .. nowText, '+inf')
for _, member in ipairs(ahead) do redis.call('ZADD', key, nowText, member) end
if ARGV[3] == 'release' then
  redis.call('ZPOPMIN', key)
  return 0
end
local count = redis.call('ZCARD', key)
if count < tonumber(ARGV[1]) then
  redis.call('ZADD', key, nowText, ARGV[4])
  redis.call('PEXPIRE', key, math.ceil(windowMs))
  return 0
end
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')[2]
local since = oldest and tonumber(oldest) or now
return math.max(1, math.ceil((since + windowMs - now) / 1000))`,
)
