// The rate budget's decisions on Redis. KEYS[1] is a sorted set of the fleet's requests in the window (scored
// by the server's time in ms), KEYS[2] the time until which the fleet is paused. Time is the Redis server's,
// so that processes whose clocks disagree still share one window.
import { script } from './script'

const NOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
`

/**
 * One request's place in the window: { 1, 0 } when granted (ARGV[3], a unique id, takes a place), else
 * { 0, ms until a place may free up }. Never more than ARGV[1] places in any ARGV[2] ms: a sliding log.
 */
export const takePlace = script(
  'hql-budget-take',
  `${NOW}
local paused = tonumber(redis.call('GET', KEYS[2]) or '0')
if paused > now then return { 0, math.ceil(paused - now) } end
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', string.format('%.3f', now - window))
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('ZADD', KEYS[1], string.format('%.3f', now), ARGV[3])
  redis.call('PEXPIRE', KEYS[1], math.ceil(window))
  return { 1, 0 }
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return { 0, math.max(1, math.ceil(tonumber(oldest[2]) + window - now)) }`,
)

/** Pauses the fleet for ARGV[1] ms from now, unless it is already paused for longer. */
export const pauseFleet = script(
  'hql-budget-pause',
  `${NOW}
local ms = tonumber(ARGV[1])
if now + ms > tonumber(redis.call('GET', KEYS[2]) or '0') then
  redis.call('SET', KEYS[2], string.format('%.3f', now + ms), 'PX', math.max(1, math.ceil(ms)))
end
return 1`,
)
