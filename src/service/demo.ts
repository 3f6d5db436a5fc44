// The demo credentials on their own, without node:http: the query engine (used in msw handlers) reads them too.

/** The built-in demo application and user (printed by `hql serve`, used by the README's first command). */
export interface DemoCredentials {
  readonly clientId: string
  readonly clientSecret: string
  readonly username: string
  readonly password: string
}

export const DEMO: DemoCredentials = {
  clientId: 'hql-demo',
  clientSecret: 'hql-demo-secret',
  username: 'demo',
  password: 'demo-password',
}
