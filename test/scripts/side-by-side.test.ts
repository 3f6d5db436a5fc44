// scripts/side-by-side.mjs (`npm test`): CI shows only the end of a run, so a failure of the first command, whose
// output streams first, is printed again last.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const script = fileURLToPath(new URL('../../scripts/side-by-side.mjs', import.meta.url))

function sideBySide(...commands: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile('node', [script, ...commands], (error, stdout, stderr) =>
      resolve({ code: typeof error?.code === 'number' ? error.code : 0, out: stdout + stderr }),
    )
  })
}

it("prints a failed command's failure report last, after the other commands' output", async () => {
  const failing = `node -e "console.log('early'); console.log(' Failed Tests 1 '); console.log('the reason'); process.exit(3)"`
  const { code, out } = await sideBySide(failing, 'echo second-command-output')
  expect(code).toBe(1)
  const tail = out.slice(out.lastIndexOf('second-command-output'))
  expect(tail).toContain(`failed (exit 3): ${failing}`)
  expect(tail).toMatch(/^the reason$/m)
  expect(tail).not.toMatch(/^early$/m) // the report starts at its marker
})

it('exits 0 and prints no report when every command passes', async () => {
  const { code, out } = await sideBySide('echo one', 'echo two')
  expect(code).toBe(0)
  expect(out).not.toContain('failed')
})
