import { expect, test } from 'vitest';
import { form } from './support';

/** The mobile number's check when its field is left (D53): the server's numbering plans, nothing sent to the provider. */
const { checkMobileNumber } = await import('@/app/register/phone-check');
const idle = { status: 'idle' } as const;

test('a landline is said with the number and country it is about; a mobile number is fine', async () => {
  expect(await checkMobileNumber(idle, form({ field: 'mobile_number', number: '020 7946 0018', country: 'GB' }))).toEqual({
    status: 'invalid',
    fieldErrors: { mobile_number: 'mobileNotMobile' },
    values: { mobile_number: '020 7946 0018', mobile_number__country: 'GB' },
  });
  expect(await checkMobileNumber(idle, form({ field: 'mobile_number', number: '07400 123456', country: 'GB' }))).toEqual(idle);
  // The whole number with its country code needs no country.
  expect(await checkMobileNumber(idle, form({ field: 'mobile_number', number: '+49 151 23456789', country: '' }))).toEqual(idle);
  expect((await checkMobileNumber(idle, form({ field: 'phone', number: '0151 2345', country: 'GB' }))).status).toBe('invalid');
});

test('what is not a field and a number is no question', async () => {
  expect(await checkMobileNumber(idle, form({ field: 'a b', number: '020 7946 0018', country: 'GB' }))).toEqual(idle);
  expect(await checkMobileNumber(idle, form({ field: 'mobile_number', number: '', country: 'GB' }))).toEqual(idle);
  expect(await checkMobileNumber(idle, form({ field: 'mobile_number', number: '1'.repeat(41), country: 'GB' }))).toEqual(idle);
});
