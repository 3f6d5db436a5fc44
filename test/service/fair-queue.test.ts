// The queue that admits costly work (issue 24): bounded lanes, turns by key, priority by lane, and a turn of
// the event loop between two tasks. Counts and orders, never times.
import { describe, expect, it } from 'vitest'
import { FairQueue } from '../../src/service/http/fair-queue'

const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

describe('FairQueue', () => {
  it('refuses a task over its key share or over the lane, and admits again once one ends', async () => {
    const queue = new FairQueue({ concurrency: 1, perKey: 2, waiting: 3 })
    const gates: (() => void)[] = []
    const hold = () => new Promise<void>((resolve) => gates.push(resolve))
    const a = [queue.enter('a', hold), queue.enter('a', hold), queue.enter('a', hold)]
    expect(a.map((p) => p !== undefined)).toEqual([true, true, false])
    const others = [queue.enter('b', hold), queue.enter('c', hold), queue.enter('d', hold)]
    // a's two and b's one wait (3, the lane's bound): c and d are refused.
    expect(others.map((p) => p !== undefined)).toEqual([true, false, false])
    await settle()
    expect(queue.size).toEqual({ running: 1, waiting: 2 })
    gates.shift()!()
    await settle()
    expect(queue.enter('a', hold)).toBeDefined()
  })

  it('gives turns round the keys', async () => {
    const queue = new FairQueue({ concurrency: 1, perKey: 10, waiting: 100 })
    const ran: string[] = []
    const task = (name: string) => () => void ran.push(name)
    const all = [
      queue.enter('a', task('a1')),
      queue.enter('a', task('a2')),
      queue.enter('a', task('a3')),
      queue.enter('b', task('b1')),
      queue.enter('b', task('b2')),
      queue.enter('c', task('c1')),
    ]
    await Promise.all(all)
    expect(ran).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3'])
  })

  it('runs one task of a key at a time when told, leaving the other slots to other keys', async () => {
    const queue = new FairQueue({ concurrency: 2, runningPerKey: 1, perKey: 10, waiting: 10 })
    const gates: Record<string, () => void> = {}
    const hold = (name: string) => () => new Promise<void>((resolve) => (gates[name] = resolve))
    const a = ['a1', 'a2', 'a3'].map((name) => queue.enter('a', hold(name)))
    await settle()
    // a has 3 tasks and 2 slots are free, yet only one of its tasks runs.
    expect(Object.keys(gates)).toEqual(['a1'])
    expect(queue.size).toEqual({ running: 1, waiting: 2 })
    const b = queue.enter('b', hold('b1'))
    await settle()
    expect(Object.keys(gates)).toEqual(['a1', 'b1'])
    gates.a1!()
    gates.b1!()
    await settle()
    expect(Object.keys(gates)).toEqual(['a1', 'b1', 'a2'])
    gates.a2!()
    await settle()
    gates.a3!()
    await Promise.all([...a, b])
    expect(queue.size).toEqual({ running: 0, waiting: 0 })
  })

  it('lets the event loop turn between two synchronous tasks', async () => {
    const queue = new FairQueue({ concurrency: 1, perKey: 10, waiting: 10 })
    const ran: string[] = []
    const first = queue.enter('a', () => {
      ran.push('first')
      // What a request arriving during the first task would be: work of the next turn of the loop.
      setImmediate(() => ran.push('between'))
    })
    const second = queue.enter('a', () => void ran.push('second'))
    await Promise.all([first, second])
    expect(ran).toEqual(['first', 'between', 'second'])
  })

  it('settles with what the task throws or rejects, and goes on', async () => {
    const queue = new FairQueue({ concurrency: 2, perKey: 10, waiting: 10 })
    await expect(
      queue.enter('a', () => {
        throw new Error('sync')
      }),
    ).rejects.toThrow('sync')
    await expect(queue.enter('a', () => Promise.reject(new Error('async')))).rejects.toThrow('async')
    expect(await queue.enter('a', () => 42)).toBe(42)
    expect(queue.size).toEqual({ running: 0, waiting: 0 })
  })

  it('says how long to wait from the pace of its recent tasks, at least a second', async () => {
    const queue = new FairQueue({ concurrency: 1, perKey: 1000, waiting: 1000 })
    expect(queue.retryAfterSeconds()).toBe(1)
    const busy = () => {
      const until = performance.now() + 20
      while (performance.now() < until);
    }
    for (let i = 0; i < 10; i++) await queue.enter('a', busy)
    for (let i = 0; i < 150; i++) void queue.enter('a', () => new Promise(() => undefined))
    // Each task took at least 20 ms (the moving average is at least 20 × (1 − 0.8¹⁰) ≈ 17.9 ms), and 150 wait:
    // at least 2.7 s, rounded up.
    expect(queue.retryAfterSeconds()).toBeGreaterThanOrEqual(3)
  })
})
