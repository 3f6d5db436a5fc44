export { compile } from './compile'
export type { CompiledRequest } from './compile'
export { fromJSON } from './from-json'
