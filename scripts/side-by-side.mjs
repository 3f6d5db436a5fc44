// Runs commands side by side, for `npm test` and `npm run test:quick` (issue 25). Each of these waited for the
// one before it with a core idle: vitest runs type tests in a group of their own after every other test file,
// and TypeScript checks on one core (a tail of 20–40 s); the build (TypeScript writing declarations, mostly one
// core) held back the unit tier, which does not need it; prettier and the package checks came before and after.
// Started here side by side, the unit tier, the type tests and prettier run beside the build and the tiers that
// need it.
//
// The first command's output streams as it comes (the long run, whose progress a developer watches); the
// others' is kept and printed whole once every command is done, under its command line, so that no two
// reporters' lines interleave. Exits 1 when any command failed, naming each that did.
//
// @example
// node scripts/side-by-side.mjs 'vitest run --project unit' 'vitest run --project types'
import { spawn } from 'node:child_process'

const commands = process.argv.slice(2)
if (commands.length === 0) {
  console.error('usage: node scripts/side-by-side.mjs <command> [<command> …]')
  process.exit(2)
}

/** Runs one command in a shell; resolves with its exit code and, unless it streams, what it printed. */
function run(command, streams) {
  return new Promise((resolve) => {
    const child = spawn(command, {
      shell: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') },
    })
    const chunks = []
    // The streamed command's output is kept too: its failures are printed again at the end (see digest).
    child.stdout.on('data', (chunk) => (chunks.push(chunk), streams && process.stdout.write(chunk)))
    child.stderr.on('data', (chunk) => (chunks.push(chunk), streams && process.stderr.write(chunk)))
    child.on('error', (error) => resolve({ command, code: 1, output: `${error.message}\n` }))
    child.on('close', (code, signal) =>
      resolve({ command, code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString() }),
    )
  })
}

const results = await Promise.all(commands.map((command, i) => run(command, i === 0)))
for (const { command, output } of results.slice(1)) process.stdout.write(`\n> ${command}\n\n${output}`)
const failed = results.filter((result) => result.code !== 0)
for (const { command, code, output } of failed) {
  console.error(`\nfailed (exit ${code}): ${command}`)
  console.error(digest(output))
}
process.exit(failed.length > 0 ? 1 : 0)

/**
 * What a failed command said about its failure, to print last: CI shows only the end of a run's output, where
 * the streamed command's own report (printed first) was lost. vitest's "Failed Tests" section when there is
 * one, else the last lines; at most 80 lines either way.
 */
function digest(output) {
  const lines = output.split('\n')
  // vitest colours its report: the marker is looked for in the text without the colours.
  const plain = lines.map((line) => line.replace(/\x1b\[[0-9;]*m/g, ''))
  const start = plain.findLastIndex((line) => /Failed (Tests|Suites) \d+/.test(line))
  const from = start >= 0 ? start : Math.max(0, lines.length - 40)
  return lines.slice(from, from + 80).join('\n')
}
