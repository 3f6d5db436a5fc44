// The users' password hashes (src/service/auth/passwords.ts): scrypt at its interactive default unless the
// service is told a cost, each hash checked at the cost it was made with, and a cost scrypt cannot take refused
// when the service starts, naming the option.
import { describe, expect, it } from 'vitest'
import { createService } from 'hql/service'
import { defaultPasswordCost, hashPassword, verifyPassword } from '../../src/service/auth/passwords'

describe('password hashes', () => {
  it("are made at scrypt's interactive default, 2^14, unless told otherwise", async () => {
    expect(defaultPasswordCost).toBe(2 ** 14)
    const stored = await hashPassword('correct horse')
    expect(stored.cost).toBe(2 ** 14)
    expect(await verifyPassword('correct horse', stored)).toBe(true)
    expect(await verifyPassword('correct horsf', stored)).toBe(false)
  })

  it('are checked at the cost they were made with', async () => {
    const cheap = await hashPassword('battery staple', 2 ** 10)
    expect(cheap.cost).toBe(2 ** 10)
    expect(await verifyPassword('battery staple', cheap)).toBe(true)
    expect(await verifyPassword('battery stapl', cheap)).toBe(false)
    // The same password and salt at another cost is another hash: the cost is part of what is checked.
    expect(await verifyPassword('battery staple', { ...cheap, cost: 2 ** 11 })).toBe(false)
  })

  it.each([0, 1000, 2 ** 9, 2 ** 17, 1.5, Number.NaN, '1024'])(
    'refuses the service a passwordCost of %j, naming the option',
    async (cost) => {
      await expect(createService({ passwordCost: cost as number })).rejects.toThrow(
        /^options\.passwordCost must be a power of two from 1024 to 65536, got /,
      )
    },
  )
})
