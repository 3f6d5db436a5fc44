import { isIPv4, isIPv6 } from 'node:net'

/**
 * The key failed authentications are counted under for a connection's source address. IPv4 addresses (and
 * IPv4-mapped IPv6 ones) count one by one; IPv6 addresses by their /64 network, the block one subscriber
 * usually holds, since counting single IPv6 addresses would let one host rotate through 2^64 of them.
 * A socket that lost its address (closed meanwhile) counts under one shared key.
 */
export function addressKey(remoteAddress: string | undefined): string {
  if (remoteAddress === undefined) return 'unknown'
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(remoteAddress)
  if (mapped) return mapped[1] as string
  if (isIPv4(remoteAddress)) return remoteAddress
  if (!isIPv6(remoteAddress)) return 'unknown'
  return `${ipv6Groups(remoteAddress.replace(/%.*$/, '')).slice(0, 4).join(':')}::/64`
}

/** The eight 16-bit groups of an IPv6 address, `::` expanded (an embedded IPv4 tail counts as two groups). */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::') as [string, string | undefined]
  const parts = (text: string): string[] =>
    text === '' ? [] : text.split(':').flatMap((p) => (p.includes('.') ? ['v4', 'v4'] : [p]))
  const left = parts(head)
  const right = tail === undefined ? [] : parts(tail)
  const zeros = Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0')
  return [...left, ...zeros, ...right].map((g) =>
    g === 'v4' ? '0' : g.replace(/^0+(?=.)/, '').toLowerCase(),
  )
}
