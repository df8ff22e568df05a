import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './visitor.ts';
import { addressClient, addressNetwork } from './client-address.ts';

const requestFrom = (address: string) => new Request('http://x/', { headers: { 'x-forwarded-for': address } });

describe('addressClient', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    [' 203.0.113.7 ', '203.0.113.7'],
    ['203.0.113.7:51234', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:cb00:7107', '203.0.113.7'],
    ['0:0:0:0:0:ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002::1', '2001:db8:1:2::/64'],
    ['[2001:db8:1:2::99]:443', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['unknown', 'unknown'],
    ['1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7:8:9'],
    ['1::2::3', '1::2::3'],
    ['256.1.1.1', '256.1.1.1'],
  ])('%s is the client %s', (address, client) => {
    expect(addressClient(address)).toBe(client);
  });
});

describe('clientAddressKey', () => {
  it('addresses inside one IPv6 /64 are one client; another /64 is another', async () => {
    const first = await clientAddressKey(requestFrom('2001:db8:1:2::1'));
    const rotated = await clientAddressKey(requestFrom('2001:db8:1:2:dead:beef:0:7, 10.0.0.1'));
    const neighbour = await clientAddressKey(requestFrom('2001:db8:1:3::1'));
    expect(rotated).toBe(first);
    expect(neighbour).not.toBe(first);
  });

  it('an IPv4-mapped address is keyed as its IPv4 address', async () => {
    expect(await clientAddressKey(requestFrom('::ffff:198.51.100.4'))).toBe(
      await clientAddressKey(requestFrom('198.51.100.4')),
    );
  });
});

describe('addressNetwork', () => {
  it('groups IPv4 addresses by /24 and IPv6 addresses by /48', () => {
    expect(addressNetwork('203.0.113.7')).toBe('203.0.113.0/24');
    expect(addressNetwork('::ffff:203.0.113.200')).toBe('203.0.113.0/24');
    expect(addressNetwork('2001:db8:1:2::9')).toBe('2001:db8:1::/48');
    expect(addressNetwork('unknown')).toBe('unknown');
  });
});
