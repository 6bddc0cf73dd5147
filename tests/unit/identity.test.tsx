// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { expect, test } from 'vitest';
import { Identity } from '@/app/_components/identity';

/**
 * The read-only address on the password step (issue 43, D72): a long address wraps before its @
 * or a dot ("…@example" / ".com"), not inside a name ("…@example.co" / "m"); the browser breaks
 * inside a part only when that part is longer than the line (app/globals.css `.identity-value`,
 * checked in a browser by tests/e2e/flows/layout-and-type.spec.ts).
 */
test('the address offers line breaks before its @ and its dots only, and reads as it is', () => {
  const email = 'anna.maria.schmidt@sales.example.com';
  const { container } = render(<Identity label="E-mail address" email={email} />);
  const value = container.querySelector('.identity-value')!;
  expect(value.textContent).toBe(email);
  expect(value.innerHTML).toBe('anna<wbr>.maria<wbr>.schmidt<wbr>@sales<wbr>.example<wbr>.com');
  // The hidden username field for password managers keeps the plain address.
  expect(container.querySelector<HTMLInputElement>('input[name="username"]')!.value).toBe(email);
});
