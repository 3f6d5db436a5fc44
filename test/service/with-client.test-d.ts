import { expectTypeOf, test } from 'vitest'
import { passwordGrant, type PasswordGrantOptions } from 'hql'
import type { DemoCredentials, Service } from 'hql/service'

declare const service: Service

test('service.demo is all a password grant needs, scope included', () => {
  expectTypeOf(service.demo).toHaveProperty('scope').toEqualTypeOf<string>()
  // With the scope required of the demo, the spread carries every field the service insists on.
  expectTypeOf<DemoCredentials & { authUrl: string }>().toMatchTypeOf<
    Required<Omit<PasswordGrantOptions, 'scope'>> & { scope: string }
  >()
  passwordGrant({ authUrl: service.authUrl, ...service.demo })
})

test('the service is AsyncDisposable, so `await using` takes it', () => {
  expectTypeOf<Service>().toMatchTypeOf<AsyncDisposable>()
  expectTypeOf(service[Symbol.asyncDispose]).returns.toEqualTypeOf<Promise<void>>()
})
