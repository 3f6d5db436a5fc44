// The `hql` command (bin/hql.js imports the build of this file).
import { runCli } from './program'

// A reader that stops early (`hql compile … | head`) closes the pipe: that is not an error of ours.
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0)
    throw error
  })

void runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  interactive: process.stderr.isTTY === true,
  stopped: () => new Promise((resolve) => process.once('SIGINT', () => resolve())),
}).then((code) => {
  process.exitCode = code
})
