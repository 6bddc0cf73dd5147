import { expect, httpTest as test } from '../support/fixtures';

const ids = {
  requestId: '11111111-2222-4333-8444-555555555555',
  rprq: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee',
  exchange: 'ffffffff-1111-4222-8333-444444444444',
};

for (const exchangeParam of ['exchangeid', 'exchangeId']) {
  test(`a reset link with ${exchangeParam} moves its tokens into the session and redirects to the clean address`, async ({ request }) => {
    const response = await request.get(`/reset-password?requestId=${ids.requestId}&rprq=${ids.rprq}&${exchangeParam}=${ids.exchange}`, { maxRedirects: 0 });
    expect(response.status()).toBe(303);
    expect(response.headers().location).toBe(`/reset-password?requestId=${ids.requestId}`);
    expect(response.headers()['cache-control']).toContain('no-store');
    const cookie = response.headersArray().find((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith('signin_flow='));
    expect(cookie?.value, 'the tokens travel on in the sealed session').toBeTruthy();
    expect(cookie!.value).not.toContain(ids.rprq);
    expect(cookie!.value).not.toContain(ids.exchange);
  });
}

test('a reset link with a malformed token goes to the invalid-link page', async ({ request }) => {
  const response = await request.get(`/reset-password?requestId=${ids.requestId}&rprq=x&exchangeid=y`, { maxRedirects: 0 });
  expect(response.status()).toBe(303);
  expect(response.headers().location).toBe('/error?reason=invalid-request');
});
