import { describe, expect, test } from 'vitest';
import { maskedFits } from '@/lib/flows/masked';

describe('a masked address from a provider link is shown only where it fits the address the sign-in knows', () => {
  test.each([
    ['u***@example.com', 'una@example.com'],
    ['a***a@example.com', 'anna@example.com'],
    ['gan******mar@w***s.in', 'ganeshkumar@widgets.in'],
    ['J•••@Example.com', 'jo@example.com'],
    ['una@example.com', 'una@example.com'],
  ])('%s fits %s', (masked, known) => {
    expect(maskedFits(masked, known)).toBe(true);
  });

  test.each([
    ['x***@example.com', 'una@example.com'],
    ['u***@evil.example', 'una@example.com'],
    ['has been suspended, call +1 555 0100', 'una@example.com'],
    ['u***@example.com has been suspended, call +1 555 0100', 'una@example.com'],
    ['una@example.com', undefined],
    [undefined, 'una@example.com'],
    ['u***@example.com@x', 'una@example.com'],
    ['+49 *** 89', 'una@example.com'],
    ['someone@example.com', 'una@example.com'],
  ])('%s does not fit %s', (masked, known) => {
    expect(maskedFits(masked, known)).toBe(false);
  });
});
