// The shared budget at a high pace, against a real redis-server: requests refused at their confirmation (the one
// before went too recently) ask again one after another, not all at the same ms. Before, every refused request
// was told "1 ms" wherever a quarter spacing was less than that (above ~250 requests a second): they asked
// together, one went, the rest were refused again, and the budget turned into polling (13.5 confirmations a
// request at 1000/s, the fleet sending a fifth to two thirds of its budget). Those figures are a load's (the
// review's poll.mts and fleet.mts): on a loaded machine a count of commands did not tell before from after.
import { expect, test } from 'vitest'
import { confirmSend } from '../../src/redis/budget-scripts'
import { rawCommand } from '../support/redis-clients'
import { redisForFile } from '../support/redis-for-file'

const redis = redisForFile('ioredis', 'hql:test:pace')
const { freshKey } = redis

test('requests refused together are told distinct times, a gap apart, in the order they asked', async () => {
  const key = freshKey()
  // Long enough that no pause of a loaded machine between two calls lets the next one go.
  const GAP = 10_000
  const confirm = (member: string) =>
    rawCommand(redis.client.redis, [
      'EVAL',
      confirmSend.lua,
      '4',
      key,
      `${key}:pause`,
      `${key}:sent`,
      `${key}:retry`,
      '1000',
      '60000',
      member,
      String(GAP),
    ]) as Promise<number>
  const refused = ['second', 'third', 'fourth', 'fifth']
  // Booked, all of them, for now (Redis's time, in ms).
  const [seconds, micros] = (await rawCommand(redis.client.redis, ['TIME'])) as [string, string]
  const now = String(Number(seconds) * 1000 + Math.floor(Number(micros) / 1000))
  await rawCommand(redis.client.redis, [
    'ZADD',
    key,
    ...['first', ...refused].flatMap((member) => [now, member]),
  ])
  expect(await confirm('first')).toBe(0)
  for (const member of refused) expect(await confirm(member)).toBeGreaterThan(0)
  // A refused request's score is the time (Redis's) it was told to ask again at: read there, not from the waits,
  // which shrink by the time between the calls.
  const at = await Promise.all(
    refused.map(async (member) => Number(await rawCommand(redis.client.redis, ['ZSCORE', key, member]))),
  )
  // Before: four times within a ms or two: all four asked again at once.
  for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(GAP - 1)
})
