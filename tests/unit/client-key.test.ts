import { expect, test } from 'vitest';
import { clientKey } from '@/lib/request-context';

/** Per-client limits count one key per client network (lib/request-context.ts clientKey). */
test.each([
  ['203.0.113.7', '203.0.113.7'],
  ['::ffff:203.0.113.7', '203.0.113.7'],
  ['::FFFF:cb00:7107', '203.0.113.7'],
  ['127.1', '127.0.0.1'],
  ['0x7f.0.0.1', '127.0.0.1'],
  ['2001:db8:1234:5678:aaaa:bbbb:cccc:dddd', '2001:db8:1234:5678::/64'],
  ['2001:0db8:1234:5678:0:0:0:1', '2001:db8:1234:5678::/64'],
  ['2001:db8:1234:5678::ffff', '2001:db8:1234:5678::/64'],
  ['unknown', 'unknown'],
])('%s counts as %s', (address, key) => {
  expect(clientKey(address)).toBe(key);
});

test('two addresses of one IPv6 /64 are one client; of two /64s, two', () => {
  expect(clientKey('2001:db8:1:2::1')).toBe(clientKey('2001:db8:1:2:ffff::9'));
  expect(clientKey('2001:db8:1:2::1')).not.toBe(clientKey('2001:db8:1:3::1'));
});
