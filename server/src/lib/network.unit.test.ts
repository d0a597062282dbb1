import { describe, expect, it } from 'vitest';
import { isLoopbackAddress, isLoopbackHost } from './network.ts';

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
