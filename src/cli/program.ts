import { Command, CommanderError, Option } from 'commander'
import { HqlTextError } from '../text'
import { ClientError } from '../client'
import type { CliIo } from './io'
import { exitCodeHelp, exitCodes } from './io'
import { collect } from './params'
import { reportError } from './report'
import { checkCommand } from './commands/check'
import { compileCommand } from './commands/compile'
import { fixturesCommand } from './commands/fixtures'
import { fmtCommand } from './commands/fmt'
import { generateCommand } from './commands/generate'
import { runCommand } from './commands/run'
import { serveCommand } from './commands/serve'

/**
 * Runs `hql` with the given arguments (without `node` and the script) and returns the exit code. Everything it
 * prints goes through `io`, so tests run it in process.
 */
export async function runCli(args: readonly string[], io: CliIo): Promise<number> {
  let code: number = exitCodes.ok
  const act =
    <A extends unknown[]>(command: (...args: A) => Promise<number>) =>
    async (...args: A) => {
      code = await command(...args)
    }
  const program = new Command('hql')
    .description(
      'HQL text queries: compile, format, check, generate typed functions and fixtures, run, serve.',
    )
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .addHelpText('after', exitCodeHelp)
    .showSuggestionAfterError()

  const queryOption = () => new Option('-q, --query <name>', 'the query to use, when the file holds several')
  const paramOption = () =>
    new Option(
      '-p, --param <name=value>',
      'a parameter value; repeat for several; lists as a,b or JSON',
    ).default([])

  program
    .command('compile')
    .description('print the request JSON of a query')
    .argument('<file>', 'an .hql file')
    .addOption(queryOption())
    .addOption(paramOption().argParser(collect))
    .option('--body', 'print only the request body')
    .addHelpText(
      'after',
      '\nExample:\n  hql compile catalog/movies.hql --query moviesByContributor --param contributor=mhric-brad-pitt',
    )
    .action(act((file: string, options) => compileCommand(io, file, options)))

  program
    .command('fmt')
    .description('format .hql files in place, in the canonical layout')
    .argument('<paths...>', '.hql files or directories')
    .option('--check', 'change nothing; exit 1 when a file is not formatted')
    .action(act((paths: string[], options) => fmtCommand(io, paths, options)))

  program
    .command('check')
    .description('report every problem of a catalog, as file:line:col')
    .argument('<paths...>', '.hql files or directories')
    .action(act((paths: string[]) => checkCommand(io, paths)))

  program
    .command('generate')
    .description('write a TypeScript module with one typed function per query')
    .argument('<paths...>', '.hql files or directories')
    .requiredOption('-o, --out <file>', 'the .ts file to write')
    .option('--check', 'write nothing; exit 1 when the file is stale')
    .option('--import-from <module>', 'the module the generated code imports hql from', 'hql')
    .action(act((paths: string[], options) => generateCommand(io, paths, options)))

  program
    .command('fixtures')
    .description(
      "write each query's request JSON (<query>.json) for tests; remove the .json of removed queries",
    )
    .argument('<paths...>', '.hql files or directories')
    .requiredOption('-o, --out <dir>', 'the directory to write')
    .option('--check', 'write nothing; exit 1 when a fixture is stale, missing or left over')
    .action(act((paths: string[], options) => fixturesCommand(io, paths, options)))

  program
    .command('run')
    .description('run a query and print its results, following pages')
    .argument('<file>', 'an .hql file')
    .addOption(queryOption())
    .addOption(paramOption().argParser(collect))
    .option('--base-url <url>', 'the service (default: the embedded reference service)')
    .option('--auth-url <url>', 'the token service (or HQL_AUTH_URL)')
    .option('--max-pages <n>', 'stop after this many pages', '5')
    .option('--json', 'print the items as JSON instead of a table')
    .addHelpText(
      'after',
      '\nCredentials for --base-url come from HQL_CLIENT_ID and HQL_CLIENT_SECRET, HQL_USERNAME and HQL_PASSWORD\nfor the password grant (without them, the client credentials grant), and HQL_SCOPE (default:\npublic_profile user_likes).',
    )
    .action(act((file: string, options) => runCommand(io, file, options)))

  program
    .command('serve')
    .description('run the reference service on the sample catalog until interrupted')
    .option('--port <port>', 'TCP port (0 picks a free one)', '0')
    .option('--host <host>', 'interface to bind', '127.0.0.1')
    .action(act((options) => serveCommand(io, options)))

  try {
    await program.parseAsync([...args], { from: 'user' })
    return code
  } catch (error) {
    if (error instanceof CommanderError)
      return error.code === 'commander.helpDisplayed' ||
        error.code === 'commander.version' ||
        error.exitCode === 0
        ? exitCodes.ok
        : exitCodes.usage
    reportError(io, error)
    if (error instanceof HqlTextError) return exitCodes.problems
    if (error instanceof ClientError) return exitCodes.service
    if (isUsage(error)) return exitCodes.usage
    // A path that does not exist or is a folder where a file is expected: the command line is wrong.
    const errno = (error as NodeJS.ErrnoException).code
    if (errno === 'ENOENT' || errno === 'EISDIR') return exitCodes.usage
    return exitCodes.problems
  }
}

const isUsage = (error: unknown) => (error as { code?: unknown }).code === 'usage'
