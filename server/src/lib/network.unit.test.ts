import { describe, expect, it } from 'vitest';
import { clientNetworkOf, isLoopbackAddress, isLoopbackHost } from './network.ts';

describe('isLoopbackAddress', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])('accepts %s', (address) => {
    expect(isLoopbackAddress(address)).toBe(true);
  });

  it.each(['10.0.0.5', '192.168.1.2', '::ffff:10.0.0.5', '2001:db8::1', '0.0.0.0', '::', '', 'localhost'])(
    'refuses %s',
    (address) => {
      expect(isLoopbackAddress(address)).toBe(false);
    },
  );
});

describe('isLoopbackHost', () => {
  it('knows localhost and loopback addresses from addresses every machine can reach', () => {
    expect(isLoopbackHost('localhost')).toBe(true);
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('0.0.0.0')).toBe(false);
  });
});

describe('clientNetworkOf', () => {
  it('keeps an IPv4 address, written plainly or mapped into IPv6', () => {
    expect(clientNetworkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetworkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetworkOf('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('gives every address of one IPv6 /64 the same network, however it is written', () => {
    const network = '2001:db8:85a3:42::/64';
    for (const address of [
      '2001:db8:85a3:42::1',
      '2001:0db8:85a3:0042:ffff:ffff:ffff:fffe',
      '2001:DB8:85A3:42:1234:5678:9abc:def0',
      '2001:db8:85a3:42::203.0.113.7',
      '2001:db8:85a3:42::9%eth0',
    ]) {
      expect(clientNetworkOf(address), address).toBe(network);
    }
    expect(clientNetworkOf('2001:db8:85a3:43::1')).toBe('2001:db8:85a3:43::/64');
    expect(clientNetworkOf('::1')).toBe('0:0:0:0::/64');
    expect(clientNetworkOf('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('passes through what is not an address', () => {
    expect(clientNetworkOf('')).toBe('');
    expect(clientNetworkOf(undefined)).toBe('');
    expect(clientNetworkOf('unknown')).toBe('unknown');
  });
});
