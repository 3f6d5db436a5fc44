// The deadlines every call and attempt opens (src/client/signals.ts), held to what the client relies on: each
// fires once its own time is up, in order, whatever order they were opened in; a disposed one never fires; a
// pending one holds a Node process open until it fires, and a call that is over holds it no longer; a wall
// clock set forward fires nothing early. (They pin the behaviour any cheaper timer scheme must keep.)
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it, vi } from 'vitest'
import { deadline, type Deadline } from '../../src/client/signals'

const fired = (d: Deadline) =>
  new Promise<number>((resolve) => d.signal.addEventListener('abort', () => resolve(performance.now())))

/** Runs `code` (an ES module importing `deadline`) in a fresh Node process: its output and how long it ran. */
function runNode(code: string): Promise<{ stdout: string; ms: number }> {
  const root = fileURLToPath(new URL('../..', import.meta.url))
  const source = `import { deadline } from './src/client/signals.ts'\n${code}`
  const started = performance.now()
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', source],
      { cwd: root, timeout: 60_000 },
      (error, stdout) => (error ? reject(error) : resolve({ stdout, ms: performance.now() - started })),
    ),
  )
}

describe('deadlines', () => {
  it('fire each at its own time, earliest first, whatever order they were opened in', async () => {
    const opened = performance.now()
    const late = deadline(undefined, 300)
    const early = deadline(undefined, 60)
    const middle = deadline(undefined, 150)
    const at = await Promise.all([fired(late), fired(early), fired(middle)])
    const [lateAt, earlyAt, middleAt] = at.map((t) => t - opened)
    expect(earlyAt).toBeGreaterThanOrEqual(59)
    expect(middleAt).toBeGreaterThanOrEqual(149)
    expect(lateAt).toBeGreaterThanOrEqual(299)
    expect(earlyAt!).toBeLessThan(middleAt!)
    expect(middleAt!).toBeLessThan(lateAt!)
    for (const d of [late, early, middle]) {
      expect(d.timedOut()).toBe(true)
      // The abort of a timer is fetch's own AbortError: what a signal's reason is when nothing else is given.
      expect((d.signal.reason as Error).name).toBe('AbortError')
      d.dispose()
    }
  })

  it('never fire once disposed, while others around them still do', async () => {
    const disposed = deadline(undefined, 40)
    const kept = deadline(undefined, 120)
    disposed.dispose()
    await fired(kept)
    expect(disposed.signal.aborted).toBe(false)
    expect(disposed.timedOut()).toBe(false)
    kept.dispose()
  })

  it("follow a parent's abort at once, with its reason, and say it was not their own timer", () => {
    const parent = new AbortController()
    const d = deadline(parent.signal, 10_000)
    parent.abort('stop')
    expect(d.signal.aborted).toBe(true)
    expect(d.signal.reason).toBe('stop')
    expect(d.timedOut()).toBe(false)
    d.dispose()
  })

  it('fire nothing early when the wall clock is set forward', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const d = deadline(undefined, 5_000)
      vi.setSystemTime(Date.now() + 3_600_000)
      const control = deadline(undefined, 30)
      await fired(control)
      expect(d.signal.aborted).toBe(false)
      d.dispose()
      control.dispose()
    } finally {
      vi.useRealTimers()
    }
  })

  it('hold a Node process open while one is pending, and not after it is disposed', async () => {
    // Nothing else keeps this process alive: it prints only if the pending deadline held it open.
    const pending = await runNode(
      "const d = deadline(undefined, 200); d.signal.addEventListener('abort', () => console.log('fired', d.timedOut()))",
    )
    expect(pending.stdout.trim()).toBe('fired true')
    // A minute-long deadline, disposed at once, must not keep the process for that minute (the guard: 60 s).
    const disposed = await runNode(
      "const d = deadline(undefined, 600_000); d.dispose(); const e = deadline(undefined, 50_000); e.dispose(); console.log('done')",
    )
    expect(disposed.stdout.trim()).toBe('done')
    expect(disposed.ms).toBeLessThan(45_000)
  }, 120_000)
})
