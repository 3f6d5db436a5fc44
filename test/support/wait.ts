// Waiting for a condition in tests that count rather than time: asked again every few ms until it holds, with a
// bound that only guards against a hang (a loaded machine may take long; it never decides the outcome).

/** Until `check()` says yes; throws after `ms` (default 10 s). */
export async function waitFor(check: () => boolean, ms = 10_000): Promise<void> {
  for (const until = Date.now() + ms; !check();) {
    if (Date.now() > until) throw new Error('timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** Until the asynchronous `check()` says yes; throws after `ms` (default 10 s). */
export async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  for (const until = Date.now() + ms; !(await check());) {
    if (Date.now() > until) throw new Error('timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
