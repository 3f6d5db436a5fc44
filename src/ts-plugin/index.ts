// hql/ts-plugin: completion, diagnostics and hover inside `hqlText('…')` strings, in any editor that runs
// tsserver. Listed in tsconfig.json's `compilerOptions.plugins` as `{ "name": "hql/ts-plugin" }`
// (docs/editors.md). Node-only: tsserver loads it with require().
import { hqlPlugin } from './plugin'
import type { PluginConfig } from './plugin'

export type { PluginConfig }
export { hqlDiagnosticCode } from './plugin'

/** What tsserver hands a plugin's factory: its own TypeScript module. */
export interface PluginModules {
  /** `typeof import('typescript')`; typed loosely so that this package's types do not need TypeScript's. */
  readonly typescript: object
}

/** The plugin as tsserver sees it: `create` wraps a project's language service with hql's answers. */
export interface HqlPluginModule {
  create(info: object): object
  onConfigurationChanged?(config: PluginConfig): void
}

/**
 * The plugin factory tsserver calls (as `module.exports`: tsserver loads a plugin with `require()`, which on
 * Node 20.19 and later loads this ES module and returns the export named `module.exports`).
 *
 * @example
 * // tsconfig.json: { "compilerOptions": { "plugins": [{ "name": "hql/ts-plugin" }] } }
 * // tsserver then does the equivalent of:
 * const plugin = init({ typescript: ts })
 * const service = plugin.create(pluginCreateInfo) // the project's language service, hql's strings answered
 */
export function init(modules: PluginModules): HqlPluginModule {
  return hqlPlugin(modules.typescript as never) as unknown as HqlPluginModule
}

export { init as 'module.exports', init as default }
