// hql: the typed builder, compile and fromJSON, HQL text (parseQuery, printQuery), the client, and the
// model's types and schemas. No Node imports: this entry runs in browsers, Deno, Bun and edge runtimes.
export * from './builder'
export * from './compile'
export * from './text'
export * from './client'
export * from './model'
