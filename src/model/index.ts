// The wire model of HQL: ids, requests, responses, tokens, and the component catalogue. No I/O, and no
// imports from the rest of hql.
export * from './core'
export * from './issues'
export * from './request/ids'
export * from './request/filters'
export * from './request/sort'
export * from './request/paging'
export * from './request/components'
export * from './request/factors'
export * from './request/blueprints'
export * from './request/bodies'
export * from './request/token-request'
export * from './component-docs'
