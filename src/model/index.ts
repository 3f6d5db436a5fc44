// The wire model of HQL: ids, requests and their rules, responses, tokens, and the component catalogue. No
// I/O, and no imports from the rest of hql.
export * from './core'
export * from './component-docs'
export * from './request-shape'
export type { HqlErrorCode } from './error-codes'
