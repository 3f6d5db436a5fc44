export { compile } from './compile'
export type { CompiledRequest } from './compile'
export { fromJSON, fromOwnedJSON } from './from-json'
