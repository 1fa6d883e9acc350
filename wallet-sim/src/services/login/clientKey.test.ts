import { describe, expect, it } from 'vitest'
import { clientKey } from './clientKey'

describe('clientKey', () => {
  it('reads an IPv4 address the same whether a dual-stack server maps it or not', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7')
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(clientKey('::FFFF:203.0.113.7')).toBe('203.0.113.7')
    expect(clientKey('::ffff:cb00:7107')).toBe('203.0.113.7')
    expect(clientKey('0:0:0:0:0:ffff:cb00:7107')).toBe('203.0.113.7')
  })

  it('counts an IPv6 address by its /64, whatever its spelling', () => {
    const key = '2001:db8:1:2::/64'
    for (const ip of [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:aaaa:bbbb:cccc:dddd',
      '2001:db8:1:2::7%eth0',
      '2001:db8:1:2::1.2.3.4',
    ]) {
      expect(clientKey(ip)).toBe(key)
    }
    expect(clientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64')
    expect(clientKey('::1')).toBe('0:0:0:0::/64')
  })

  it('keeps what is no IP address as it is', () => {
    expect(clientKey('unknown')).toBe('unknown')
  })
})
