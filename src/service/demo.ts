// The demo credentials on their own, without node:http: the query engine (used in msw handlers) reads them too.

/**
 * The built-in demo application and user (printed by `hql serve`, used by the README's first command): all a
 * password grant needs, `scope` included, so `passwordGrant({ authUrl: service.authUrl, ...service.demo })`
 * signs in as the demo user.
 */
export interface DemoCredentials {
  readonly clientId: string
  readonly clientSecret: string
  readonly username: string
  readonly password: string
  /** Both scopes of the service, space-separated: the service refuses a password grant without a scope. */
  readonly scope: string
}

export const DEMO: DemoCredentials = {
  clientId: 'hql-demo',
  clientSecret: 'hql-demo-secret',
  username: 'demo',
  password: 'demo-password',
  scope: 'public_profile user_likes',
}
