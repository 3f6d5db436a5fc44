// hql: the typed builder, compile and fromJSON, the model's types and schemas. No Node imports.
export * from './builder'
export * from './compile'
export * from './model'
