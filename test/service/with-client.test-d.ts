import { expectTypeOf, test } from 'vitest'
import { passwordGrant, type PasswordGrantOptions } from 'hql'
import type { Service } from 'hql/service'

declare const service: Service

test('service.demo is all a password grant needs, scope included', () => {
  expectTypeOf(service.demo).toHaveProperty('scope').toEqualTypeOf<string>()
  // The spread fills the grant's scope, which the service insists on for a password grant.
  const options = { authUrl: service.authUrl, ...service.demo }
  expectTypeOf(options.scope).toEqualTypeOf<string>()
  expectTypeOf(options).toMatchTypeOf<PasswordGrantOptions & { scope: string }>()
  passwordGrant({ authUrl: service.authUrl, ...service.demo })
})

test('the service is AsyncDisposable, so `await using` takes it', () => {
  expectTypeOf<Service>().toMatchTypeOf<AsyncDisposable>()
  expectTypeOf(service[Symbol.asyncDispose]).returns.toEqualTypeOf<Promise<void>>()
})
