import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { RedisLink } from '../../redis/link'
import type { Grant, IssuedTokens, Redeemed, TokenLifetimes, Tokens } from '../auth/tokens'
import { issueTokens, readGrant, redeemRefresh } from './scripts'
import { unavailable } from './options'

/**
 * The service's tokens in Redis: the same opaque tokens, rotation and reuse revocation as the in-memory
 * `TokenStore`, shared by every instance on the same Redis and key prefix. Each record expires with its token.
 */
export class RedisTokens implements Tokens {
  constructor(
    private readonly link: RedisLink,
    private readonly prefix: string,
    private readonly lifetimes: TokenLifetimes,
    private readonly now: () => number,
  ) {}

  async issue(
    grant: Omit<Grant, 'expiresAt'>,
    withRefresh: boolean,
    family: string = randomUUID(),
  ): Promise<IssuedTokens> {
    const accessToken = randomBytes(32).toString('base64url')
    const refreshToken = withRefresh ? randomBytes(32).toString('base64url') : undefined
    const accessMs = this.lifetimes.accessSeconds * 1000
    const refreshMs = this.lifetimes.refreshSeconds * 1000
    const now = this.now()
    const keys = [this.key('f', family), this.key('a', accessToken)]
    if (refreshToken !== undefined) keys.push(this.key('r', refreshToken))
    await this.link
      .eval(issueTokens, keys, [
        JSON.stringify({ ...grant, expiresAt: now + accessMs }),
        String(accessMs),
        family,
        JSON.stringify({ ...grant, expiresAt: now + refreshMs }),
        String(refreshMs),
        grant.clientId,
        String(now + refreshMs),
        this.key('x', family),
      ])
      .catch(unavailable)
    return {
      accessToken,
      ...(refreshToken === undefined ? {} : { refreshToken }),
      expiresIn: this.lifetimes.accessSeconds,
      scopes: grant.scopes,
    }
  }

  async verify(accessToken: string): Promise<Grant | undefined> {
    const json = await this.link.eval(readGrant, [this.key('a', accessToken)], []).catch(unavailable)
    if (typeof json !== 'string') return undefined
    const grant = JSON.parse(json) as Grant
    return grant.expiresAt > this.now() ? grant : undefined
  }

  async redeem(refreshToken: string, clientId: string): Promise<Redeemed | undefined> {
    const answer = await this.link
      .eval(
        redeemRefresh,
        [this.key('r', refreshToken), this.key('u', refreshToken)],
        [
          clientId,
          String(this.now()),
          `${this.prefix}:f:`,
          `${this.prefix}:x:`,
          String(this.lifetimes.refreshSeconds * 1000),
        ],
      )
      .catch(unavailable)
    if (!Array.isArray(answer)) return undefined
    const [json, family] = answer as [string, string]
    return { grant: JSON.parse(json) as Grant, family }
  }

  /** `<prefix>:<kind>:<id>`: a token by its digest (a fixed 43 characters, and no usable token in a key name). */
  private key(kind: 'a' | 'r' | 'u' | 'f' | 'x', id: string): string {
    const name = kind === 'f' || kind === 'x' ? id : createHash('sha256').update(id).digest('base64url')
    return `${this.prefix}:${kind}:${name}`
  }
}
