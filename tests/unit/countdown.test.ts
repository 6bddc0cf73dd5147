import { expect, test } from 'vitest';
import { waitText } from '@/app/_components/countdown';

test("a wait in words: whole minutes rounded up, then seconds; each language's own plural; number and unit kept together", () => {
  expect(waitText(300, 'en-GB')).toBe('5\u00a0minutes');
  expect(waitText(61, 'en-GB')).toBe('2\u00a0minutes');
  expect(waitText(60, 'en-GB')).toBe('1\u00a0minute');
  expect(waitText(59, 'en-GB')).toBe('59\u00a0seconds');
  expect(waitText(1, 'en-GB')).toBe('1\u00a0second');
  expect(waitText(120, 'de-DE')).toBe('2\u00a0Minuten');
  expect(waitText(120, 'pl-PL')).toBe('2\u00a0minuty');
  expect(waitText(300, 'pl-PL')).toBe('5\u00a0minut');
  // Japanese and Chinese set a figure close to its unit (D70): Intl writes "5 分", the page "5分".
  expect(waitText(300, 'ja-JP')).toBe('5分');
  expect(waitText(29, 'ja-JP')).toBe('29秒');
  expect(waitText(300, 'zh-CN')).toBe('5分钟');
});
