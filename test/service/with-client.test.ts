// The service and the client plug together as typed: `service.demo` is all a password grant needs, and
// `await using` closes the service at the end of its scope.
import { describe, expect, it } from 'vitest'
import { createClient, hql, passwordGrant, userSocial } from 'hql'
import { createService, DEMO } from 'hql/service'
import { testPasswordCost } from '../support/password-cost'

/** Whether anything still listens at `baseUrl`. */
async function listening(baseUrl: string): Promise<boolean> {
  try {
    await fetch(`${baseUrl}/graph/explore`, { method: 'POST', body: '{}' })
    return true
  } catch {
    return false
  }
}

describe('createService and the client', () => {
  it('signs in with passwordGrant({ authUrl, ...service.demo }) as the demo user', async () => {
    await using service = await createService({ rateLimit: false, passwordCost: testPasswordCost })
    const client = createClient({
      baseUrl: service.baseUrl,
      auth: passwordGrant({ authUrl: service.authUrl, ...service.demo }),
      retry: false,
    })
    const { content } = await client.run(hql.lookup('mhmov-gladiator').with(userSocial))
    // userSocial comes only with a user's token: the grant signed in as the demo user.
    expect(content[0]?.object.userSocial).toBeDefined()
    expect(service.demo.scope.split(' ')).toEqual(['public_profile', 'user_likes'])
    expect(service.demo).toBe(DEMO)
  })

  it('closes at the end of an `await using` scope', async () => {
    let baseUrl = ''
    {
      await using service = await createService({ rateLimit: false, passwordCost: testPasswordCost })
      baseUrl = service.baseUrl
      expect(await listening(baseUrl)).toBe(true)
    }
    expect(await listening(baseUrl)).toBe(false)
  })

  it('closes once, however often it is asked to', async () => {
    const service = await createService({ rateLimit: false, passwordCost: testPasswordCost })
    await service.close()
    await expect(service.close()).resolves.toBeUndefined()
    await expect(service[Symbol.asyncDispose]()).resolves.toBeUndefined()
  })
})
