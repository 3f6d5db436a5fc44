// The rate budget's decisions on Redis. KEYS[1] is a sorted set of the fleet's requests in the window (scored
// by the server's time in ms), KEYS[2] the time until which the fleet is paused, KEYS[3] when the last request
// was confirmed sent, KEYS[4] the last time a refused request was told to ask again at. Time is the Redis
// server's, so that processes whose clocks disagree still share one window.
import { ownKeys, probeScript } from './own-keys'
import { script } from './script'

// Every script starts here. A key of another type is no log or time (see ownKeys); a hash is a token store's,
// which the budget leaves alone. A member scored +inf (ZADD takes it; nothing of the budget writes it) would
// hold its place in every window for good, and put every booking at +inf, which PEXPIRE refuses: dropped.
const OWN_KEYS = `${ownKeys(['zset', 'string', 'string', 'string'], 'hash', 'a token store')}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '+inf', '+inf')
`

const NOW = `${OWN_KEYS}
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
-- A time stored at KEYS[2], KEYS[3] or KEYS[4], which anyone may have written: anything but a finite number (garbage,
-- inf, nan, on which tonumber gives nil or a number no comparison holds for) reads as none (0).
local function time_at(key)
  local ms = tonumber(redis.call('GET', key) or '')
  if ms and ms == ms and ms > -math.huge and ms < math.huge then return ms end
  return 0
end
`

/**
 * Books one request's send time for the fleet (ARGV[3], a unique id, scored by that time): the earliest time
 * at which no window of ARGV[2] ms holds more than ARGV[1] requests, the fleet is not paused, and the last
 * booked request is ARGV[4] ms behind (requests spread evenly, since the service counts arrivals and a burst
 * at a window's edge would arrive in the next one with a little delay). Returns { 1, ms to wait before
 * sending }; with ARGV[5] = 'fail', { 0, ms until a place frees up } instead of booking when the window is full.
 * Booking ahead, rather than asking again, keeps waiting requests from polling Redis. ARGV[6] is the longest
 * pause (`maxPauseMs`).
 */
export const bookSend = script(
  'hql-budget-book',
  `${NOW}
local limit, window, spacing = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[4])
local max_pause = tonumber(ARGV[6])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', string.format('%.3f', now - window))
-- A pause is set for max_pause at most: one further ahead (written by anyone, or Redis's clock set back since)
-- is cut to max_pause from now, once. Read as it was, a pause a day ahead held every process a day.
local paused = time_at(KEYS[2])
if paused > now + max_pause then
  paused = now + max_pause
  if max_pause >= 1 then
    redis.call('SET', KEYS[2], string.format('%.3f', paused), 'PX', math.ceil(max_pause))
  else
    redis.call('DEL', KEYS[2])
  end
end
-- Bookings lie ahead by a pause and two spacings (at most a window each) a request at most: past that, a score
-- was written by no booking (anyone, or Redis's clock set back an hour, which held every process an hour), and
-- is dropped. A booking dropped so still has its confirmation check the window before its request goes.
local horizon = now + max_pause + (2 * redis.call('ZCARD', KEYS[1]) / limit + 2) * window
redis.call('ZREMRANGEBYSCORE', KEYS[1], '(' .. string.format('%.3f', horizon), '+inf')
local at = math.max(now, paused)
local nth = redis.call('ZREVRANGE', KEYS[1], limit - 1, limit - 1, 'WITHSCORES')
if nth[2] then at = math.max(at, tonumber(nth[2]) + window) end
if ARGV[5] == 'fail' and at > now then return { 0, math.max(1, math.ceil(at - now)) } end
local last = redis.call('ZREVRANGE', KEYS[1], 0, 0, 'WITHSCORES')
if last[2] then at = math.max(at, tonumber(last[2]) + spacing) end
redis.call('ZADD', KEYS[1], string.format('%.3f', at), ARGV[3])
redis.call('PEXPIRE', KEYS[1], math.ceil(at - now + window))
return { 1, math.ceil(at - now) }`,
)

/**
 * Confirms a booked request (ARGV[3]) at the moment it is about to go: sent now (Redis's time) unless the
 * window of ARGV[2] ms up to now already holds ARGV[1] other requests, booked or sent, or the last confirmed
 * request's slot (KEYS[3]) is less than ARGV[4] ms ago (give or take 1 ms). A booking is a promise of the send time, and a process that
 * wakes late (a busy event loop, a stalled machine) would send its request next to later ones that went on
 * time, or, after a stall of Redis, every waiting process at once: the service, which counts arrivals, would
 * see more than the budget in one window. Confirmed, the request's score becomes its real send time, which the
 * bookings and confirmations after it respect. Refused, its score becomes the time it will ask again: left at
 * its passed booking, it would hold a place in the window it was refused in, besides the one it waits for, and
 * with many requests waiting the fleet would send far less than the budget (a whole window of nothing, once every
 * place was held so). Returns 0 (go now) or the ms to wait before asking again.
 */
export const confirmSend = script(
  'hql-budget-confirm',
  `${NOW}
local limit, window, gap = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[4])
-- Refused, a request asks again at \`at\` (Redis time), or, spaced, a gap after the last request refused before
-- it (KEYS[4]), whichever is later: refused requests then ask one at a time. Told alike (1 ms, wherever a
-- quarter spacing is less), they asked together, one went, and the rest were refused again: above ~250
-- requests a second, 14 confirmations a request and a third of the budget sent. A time further ahead than a
-- window was not handed out here (a backlog of a window's requests reaches a quarter of one).
local function later(at)
  if gap > 0 then
    local queue = time_at(KEYS[4])
    if queue <= now + window then at = math.max(at, queue + gap) end
    at = math.max(at, now)
    redis.call('SET', KEYS[4], string.format('%.3f', at), 'PX', math.ceil(at - now) + 1)
  end
  local ms = math.max(1, math.ceil(at - now))
  redis.call('ZADD', KEYS[1], 'XX', string.format('%.3f', now + ms), ARGV[3])
  if redis.call('PTTL', KEYS[1]) < ms + window then redis.call('PEXPIRE', KEYS[1], ms + math.ceil(window)) end
  return ms
end
-- Confirmed requests take slots a gap apart: a request goes if its slot (a gap after the last one's, or now) is
-- at most 1 ms ahead. Timers wake in whole ms: with slots less than 1 ms apart, one request went each ms and
-- the others polled; with the 1 ms, a few go in the same ms, and the pace over time stays one a gap. A last
-- slot further ahead than that was never taken (garbage, or Redis's clock set back): read as now.
local last = time_at(KEYS[3])
if last > now + 1 then last = now - gap end
local slot = math.max(last + gap, now)
if slot > now + 1 then return later(slot - 1) end
local from = '(' .. string.format('%.3f', now - window)
local to = string.format('%.3f', now)
local others = redis.call('ZCOUNT', KEYS[1], from, to)
local mine = tonumber(redis.call('ZSCORE', KEYS[1], ARGV[3]) or 'nil')
if mine and mine > now - window and mine <= now then others = others - 1 end
if others < limit then
  if redis.call('ZADD', KEYS[1], 'XX', 'CH', to, ARGV[3]) == 0 then redis.call('ZADD', KEYS[1], to, ARGV[3]) end
  if redis.call('PTTL', KEYS[1]) < window then redis.call('PEXPIRE', KEYS[1], math.ceil(window)) end
  if gap > 0 then
    redis.call('SET', KEYS[3], string.format('%.3f', slot), 'PX', math.max(1, math.ceil(slot - now + gap)))
  end
  return 0
end
-- The oldest requests in the window, this one left out: the (others - limit + 1)th must leave it first.
local oldest = redis.call('ZRANGEBYSCORE', KEYS[1], from, to, 'WITHSCORES', 'LIMIT', 0, others - limit + 2)
local n = 0
for i = 1, #oldest, 2 do
  if oldest[i] ~= ARGV[3] then
    n = n + 1
    if n == others - limit + 1 then return later(tonumber(oldest[i + 1]) + window) end
  end
end
return later(now + 1)`,
)

/** Pauses the fleet for ARGV[1] ms from now, unless it is already paused for longer. */
export const pauseFleet = script(
  'hql-budget-pause',
  `${NOW}
local ms = tonumber(ARGV[1])
if now + ms > time_at(KEYS[2]) then
  redis.call('SET', KEYS[2], string.format('%.3f', now + ms), 'PX', math.max(1, math.ceil(ms)))
end
return 1`,
)

/** Gives back a booked place (ARGV[1]) that will not be used: its request was refused or its caller gave up. */
export const releaseSend = script(
  'hql-budget-release',
  `${OWN_KEYS}
redis.call('ZREM', KEYS[1], ARGV[1])
return 1`,
)

/**
 * Takes in what one process sent or booked alone while Redis was away (a fallback), when Redis is back: ARGV[4..]
 * are send times in ms from now (negative: past), stored as members ARGV[3]:1, ARGV[3]:2, …, so that the
 * bookings after it count them, and ARGV[2] the ms left of a pause the process was told of meanwhile (ARGV[1]
 * is the window, in ms). Without it, the window the fleet comes back in held `requests` more than the
 * processes had sent alone, and a process with requests booked ahead in its own log sent at twice the pace for
 * as long as they lasted.
 */
export const absorbSends = script(
  'hql-budget-absorb',
  `${NOW}
local window, pause = tonumber(ARGV[1]), tonumber(ARGV[2])
if pause > 0 and now + pause > time_at(KEYS[2]) then
  redis.call('SET', KEYS[2], string.format('%.3f', now + pause), 'PX', math.max(1, math.ceil(pause)))
end
local last = nil
for i = 4, #ARGV do
  local at = now + tonumber(ARGV[i])
  redis.call('ZADD', KEYS[1], 'NX', string.format('%.3f', at), ARGV[3] .. ':' .. (i - 3))
  if last == nil or at > last then last = at end
end
if last ~= nil then
  local ms = math.max(1, math.ceil(last - now + window))
  if redis.call('PTTL', KEYS[1]) < ms then redis.call('PEXPIRE', KEYS[1], ms) end
end
return 1`,
)

/** The budget's probe after a fallback (KEYS[4] `<key>:probe`): its keys made its own, and a write. */
export const probeBudget = probeScript('hql-budget-probe', OWN_KEYS)
