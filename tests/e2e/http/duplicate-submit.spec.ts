import { expect, httpTest as test } from '../support/fixtures';
import { hiddenFields, openEmailForm, postForm } from '../support/forms';

test('identical password posts sent together count as one attempt toward the lockout', async ({ request }) => {
  const email = 'lockout+duplicates@example.com';
  const emailForm = await openEmailForm(request);
  const afterEmail = await postForm(request, emailForm.url, { ...emailForm.fields, email });
  expect(afterEmail.status()).toBe(303);
  const passwordPath = afterEmail.headers().location;
  expect(passwordPath).toMatch(/^\/login\?requestId=/);
  const fields = await hiddenFields(await request.get(passwordPath));

  // Three wrong passwords, each sent twice at once: six posts, three attempts. Counted one by
  // one they would reach the lockout threshold of five.
  for (const wrong of ['wrong-1', 'wrong-2', 'wrong-3']) {
    const replies = await Promise.all([1, 2].map(() => postForm(request, passwordPath, { ...fields, password: wrong })));
    for (const reply of replies) {
      expect(reply.status()).toBe(200);
      expect(await reply.text()).toContain('Incorrect password. Please try again.');
    }
  }

  const right = await postForm(request, passwordPath, { ...fields, password: 'KitchenDemo2026', rememberMe: 'on' });
  expect(right.status(), 'not locked: the duplicates were folded').toBe(303);
  expect(right.headers().location).toMatch(/^\/continue\?requestId=/);
});
