// What the per-client limit of /login/start counts a request under: one key per host, however it is written.
import { isIPv4, isIPv6 } from 'node:net'

/**
 * The key of a client IP: IPv4 as is, also when a dual-stack server sees it IPv4-mapped (`::ffff:203.0.113.7`);
 * IPv6 by its /64 network, since one host gets a whole /64 and may send from any address in it.
 * @example clientKey('2001:db8:1:2:aaaa::1') // '2001:db8:1:2::/64'
 */
export function clientKey(ip: string): string {
  const address = ip.replace(/%.*$/, '').toLowerCase() // without an IPv6 zone (`fe80::1%eth0`)
  if (isIPv4(address) || !isIPv6(address)) return address
  const groups = ipv6Groups(address)
  const [g6 = 0, g7 = 0] = groups.slice(6)
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff].join('.')
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`
}

// The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted IPv4 read as two groups).
function ipv6Groups(address: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address)
  const text = dotted
    ? `${address.slice(0, dotted.index)}${((Number(dotted[1]) << 8) | Number(dotted[2])).toString(16)}:${((Number(dotted[3]) << 8) | Number(dotted[4])).toString(16)}`
    : address
  const [head = '', tail] = text.split('::')
  const parts = (part: string) => (part === '' ? [] : part.split(':'))
  const groups =
    tail === undefined
      ? parts(head)
      : [
          ...parts(head),
          ...Array<string>(8 - parts(head).length - parts(tail).length).fill('0'),
          ...parts(tail),
        ]
  return groups.map((g) => Number.parseInt(g, 16))
}
