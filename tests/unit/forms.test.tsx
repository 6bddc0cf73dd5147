// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { FormTop } from '@/app/_components/form-top';
import { LanguageSelect } from '@/app/_components/language-select';
import { TextField } from '@/app/_components/text-field';
import { useFieldRules } from '@/app/_components/use-field-rules';
import type { RegistrationLabels } from '@/app/register/registration-form';
import { LOCALE_NAMES, LOCALES } from '@/lib/i18n/locale-list';
import type { RegistrationField } from '@/lib/validation/registration-fields';

vi.mock('@/app/email-actions', () => ({ submitEmail: vi.fn() }));
vi.mock('@/app/register/actions', () => ({ submitRegistration: vi.fn() }));
vi.mock('@/app/_components/use-hydrated', () => ({ useHydrated: vi.fn(() => true) }));

describe('TextField', () => {
  test('links its error to the input for assistive technology', () => {
    render(<TextField id="email" name="email" type="email" label="E-mail address" autoComplete="username" error="Invalid email." />);
    const input = screen.getByLabelText('E-mail address');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('email-error');
    expect(document.getElementById('email-error')?.textContent).toBe('Invalid email.');
  });

  test('without an error it is neither invalid nor described', () => {
    render(<TextField id="email" name="email" type="email" label="E-mail address" autoComplete="username" />);
    const input = screen.getByLabelText('E-mail address');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(input.hasAttribute('required')).toBe(true);
  });

  test('a read-only field is not marked required', () => {
    render(<TextField id="u" name="username" type="email" label="E-mail address" autoComplete="username" defaultValue="a@b.de" readOnly />);
    const input = screen.getByLabelText('E-mail address') as HTMLInputElement;
    expect(input.readOnly).toBe(true);
    expect(input.required).toBe(false);
    expect(input.value).toBe('a@b.de');
  });
});

describe('EmailForm', () => {
  test('renders the e-mail field with the username token and the request id', async () => {
    const { EmailForm } = await import('@/app/email-form');
    const { container } = render(
      <EmailForm requestId="req-12345678" labels={{ email: 'E-mail address', submit: 'Next', pending: 'Please wait…' }} errors={{}} />,
    );
    expect(screen.getByLabelText('E-mail address').getAttribute('autocomplete')).toBe('username');
    expect((container.querySelector('input[name="requestId"]') as HTMLInputElement).value).toBe('req-12345678');
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('');
  });
});

describe('field rules and the error summary', () => {
  const texts = { emailRequired: 'Email is required.', emailInvalid: 'Invalid email.', summaryTitle: 'There is a problem' };
  const renderEmailForm = async () => {
    const { EmailForm } = await import('@/app/email-form');
    return render(<EmailForm requestId="req-12345678" labels={{ email: 'E-mail address', submit: 'Next', pending: 'Please wait…' }} errors={texts} />);
  };

  test('the cursor starts in the field; a failed submit with one error says so under it and puts the cursor back, with no summary', async () => {
    await renderEmailForm();
    const input = screen.getByLabelText('E-mail address');
    expect(document.activeElement).toBe(input);
    input.blur();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(document.querySelector('.field-error')?.textContent).toBe('Email is required.'));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('email-error');
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(document.querySelector('.error-summary')).toBeNull();
  });

  test('the form is named by the screen heading and described by its description', async () => {
    await renderEmailForm();
    const form = document.querySelector('form')!;
    expect(form.getAttribute('aria-labelledby')).toBe('page-title');
    expect(form.getAttribute('aria-describedby')).toBe('page-description');
  });

  test('react-hook-form loads on first focus and checks the field when the person leaves it', async () => {
    await renderEmailForm();
    const input = screen.getByLabelText('E-mail address');
    input.focus();
    fireEvent.change(input, { target: { value: 'not-an-address' } });
    // The engine arrives asynchronously; leaving the field once it is there reports the rule.
    await waitFor(() => {
      input.focus();
      input.blur();
      expect(document.querySelector('.field-error')?.textContent).toBe('Invalid email.');
    });
    fireEvent.change(input, { target: { value: 'anna@example.com' } });
    await waitFor(() => expect(document.querySelector('.field-error')).toBeNull());
  });

  test('a submit that passes the browser checks clears what they found before', async () => {
    const { submitEmail } = await import('@/app/email-actions');
    vi.mocked(submitEmail).mockResolvedValue({ status: 'idle' });
    await renderEmailForm();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(document.querySelector('.field-error')?.textContent).toBe('Email is required.'));
    // Typed without leaving the field (no check on the way), then sent again.
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'anna@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(document.querySelector('.error-summary')).toBeNull());
    expect(document.querySelector('.field-error')).toBeNull();
    await waitFor(() => expect(submitEmail).toHaveBeenCalled());
  });

  test('leaving an empty field says nothing; that is for the submit', async () => {
    await renderEmailForm();
    const input = screen.getByLabelText('E-mail address');
    // Once the engine is there (a non-empty wrong value is reported on leaving), an empty field left is not.
    fireEvent.change(input, { target: { value: 'x' } });
    await waitFor(() => {
      input.focus();
      input.blur();
      expect(document.querySelector('.field-error')).not.toBeNull();
    });
    fireEvent.change(input, { target: { value: '' } });
    input.focus();
    input.blur();
    await waitFor(() => expect(document.querySelector('.field-error')).toBeNull());
    expect(input.hasAttribute('aria-invalid')).toBe(false);
  });
});

describe('the error summary', () => {
  // No screen has two fields that fail with messages of their own any more (the new password's
  // rules are said by its checklist), so the summary is shown here on a form of two such fields.
  const texts = { emailRequired: 'E-mail address is required.', repeatRequired: 'Please repeat the password.', summaryTitle: 'There is a problem' };
  const idle = { status: 'idle' } as const;
  function TwoFields() {
    const rules = useFieldRules<'first' | 'second'>(idle, {
      first: (v) => (v ? undefined : 'emailRequired'),
      second: (v) => (v ? undefined : 'repeatRequired'),
    });
    const message = (name: 'first' | 'second') => texts[rules.errorOf(name) as keyof typeof texts];
    return (
      <form {...rules.formProps}>
        <FormTop requestId="req-12345678" state={idle} summary={rules.summaryItems(texts)} errors={texts} />
        <TextField id="first" label="First" error={message('first')} autoFocus={rules.autoFocus('first')} {...rules.field('first')} />
        <TextField id="second" label="Second" error={message('second')} {...rules.field('second')} />
        <button type="submit">Send</button>
      </form>
    );
  }

  test('two fields in error: listed in form order, the summary takes focus, and each link puts the cursor in its field', async () => {
    render(<TwoFields />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const summary = await waitFor(() => document.querySelector<HTMLElement>('.error-summary')!);
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(summary.getAttribute('aria-labelledby')).toBe('error-summary-title');
    expect([...summary.querySelectorAll('li')].map((li) => li.textContent)).toEqual([texts.emailRequired, texts.repeatRequired]);
    expect([...summary.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['#first', '#second']);
    fireEvent.click(summary.querySelector('a[href="#second"]')!);
    expect(document.activeElement).toBe(screen.getByLabelText('Second'));
    fireEvent.click(summary.querySelector('a[href="#first"]')!);
    expect(document.activeElement).toBe(screen.getByLabelText('First'));
  });
});

describe('the registration form’s error summary (D52)', () => {
  const option = (key: string) => ({ key, label: key });
  const base = { custom: false, required: true, readOnly: false, options: [] };
  const fields: RegistrationField[] = [
    { ...base, key: 'given_name', type: 'TEXT', label: 'Given Name' },
    { ...base, key: 'password', type: 'PASSWORD', label: 'Password' },
    { ...base, key: 'password_echo', type: 'PASSWORD', label: 'Confirm Password', matchWith: 'password' },
    { ...base, key: 'business_type', type: 'SELECT', label: 'Type of business', options: [option('hotel')] },
    { ...base, key: 'contact_preference', type: 'RADIO', label: 'Preferred contact', options: [option('email')] },
  ];
  const errors = {
    summaryTitle: 'There is a problem',
    fieldRequired: 'This field is required.',
    choiceRequired: 'Please choose one of the options.',
    repeatRequired: 'Please repeat the password.',
    passwordRequired: 'Password is required.',
  };
  const labels: RegistrationLabels = {
    locale: 'en-GB',
    fields: Object.fromEntries(fields.map((f) => [f.key, f.label!])),
    langs: {},
    // What ./field-messages.ts makes of these fields in English.
    messages: {
      given_name: { fieldRequired: 'Enter your given name.' },
      password: { passwordRequired: 'Enter your password.' },
      business_type: { choiceRequired: 'Choose your type of business.' },
      contact_preference: { choiceRequired: 'Choose your preferred contact.' },
    },
    password: { needs: 'Your password needs {rules}.', forbidden: 'Remove from your password: {chars}' },
    newTab: '(opens in a new tab)',
    statement: {
      template: 'By creating an account you accept the {terms} and acknowledge the {privacy}.',
      terms: { href: 'https://www.example.com/terms', text: 'Terms of use' },
      privacy: { href: 'https://www.example.com/privacy', text: 'Privacy notice' },
      newTab: '(opens in a new tab)',
    },
    optional: '(optional)',
    choose: 'Please choose',
    country: 'Country or region',
    mobileHint: '',
    submit: 'Register',
    pending: 'Creating your account…',
    show: 'Show password',
    hide: 'Hide password',
    capsLock: 'Caps Lock is on',
    existsSignIn: '',
    existsReset: '',
    checklist: {
      title: 'Your password needs',
      met: 'met',
      notMet: 'not met',
      rules: { length: '10 to 30 characters', lower: 'a lowercase letter', upper: 'an uppercase letter', digit: 'a digit' },
      forbidden: 'Not allowed: {chars}',
    },
  };
  const renderForm = async () => {
    const { RegistrationForm } = await import('@/app/register/registration-form');
    return render(<RegistrationForm requestId="req-12345678" fields={fields} existsLinks={{ signIn: '/', reset: '/' }} labels={labels} errors={errors} />);
  };
  const summaryTexts = () => [...document.querySelectorAll('.error-summary li')].map((li) => li.textContent);

  test('directly above the button, what registering means: the terms and the privacy notice, each opening a new tab and saying so (D50)', async () => {
    await renderForm();
    const statement = document.querySelector('.terms-statement')!;
    expect(statement.nextElementSibling?.querySelector('button[type="submit"]')).not.toBeNull();
    expect(statement.textContent).toBe(
      'By creating an account you accept the Terms of use (opens in a new tab) and acknowledge the Privacy notice (opens in a new tab).',
    );
    const terms = screen.getByRole('link', { name: /^Terms of use ?\(opens in a new tab\)$/ });
    expect([terms.getAttribute('href'), terms.getAttribute('target'), terms.getAttribute('rel')]).toEqual([
      'https://www.example.com/terms',
      '_blank',
      'noopener noreferrer',
    ]);
    expect(screen.getByRole('link', { name: /^Privacy notice ?\(opens in a new tab\)$/ }).getAttribute('href')).toBe('https://www.example.com/privacy');
  });

  test('an empty submit: each entry names its field once, the password among them', async () => {
    await renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(summaryTexts()).toEqual([
        'Enter your given name.',
        'Enter your password.',
        'Please repeat the password.',
        'Choose your type of business.',
        'Choose your preferred contact.',
      ]),
    );
    expect(document.getElementById('given_name-error')?.textContent).toBe('Enter your given name.');
  });

  test('a weak password: the summary says what it still needs, in the checklist’s words', async () => {
    await renderForm();
    for (const id of ['password', 'password_echo']) fireEvent.change(document.getElementById(id)!, { target: { value: 'kitchenpass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(summaryTexts()).toContain('Your password needs an uppercase letter and a digit.'));
    expect(summaryTexts()[0]).toBe('Enter your given name.');
    // With JavaScript the checklist beside the password says it; no second message under the field.
    expect(document.getElementById('password-error')).toBeNull();
  });

  test('without JavaScript a weak password alone comes back with a summary of one and the message under the emptied field', async () => {
    const { useHydrated } = await import('@/app/_components/use-hydrated');
    vi.mocked(useHydrated).mockReturnValue(false);
    const { submitRegistration } = await import('@/app/register/actions');
    vi.mocked(submitRegistration).mockResolvedValue({
      status: 'invalid',
      fieldErrors: { password: 'newPasswordPattern' },
      values: { given_name: 'Nina', business_type: 'hotel', contact_preference: 'email' },
      check: { unmet: ['upper', 'digit'], forbidden: [] },
    });
    await renderForm();
    fireEvent.change(document.getElementById('given_name')!, { target: { value: 'Nina' } });
    for (const id of ['password', 'password_echo']) fireEvent.change(document.getElementById(id)!, { target: { value: 'NewKitchen2027' } });
    fireEvent.change(document.getElementById('business_type')!, { target: { value: 'hotel' } });
    fireEvent.click(screen.getByRole('radio'));
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(summaryTexts()).toEqual(['Your password needs an uppercase letter and a digit.']));
    expect(document.getElementById('password-error')?.textContent).toBe('Your password needs an uppercase letter and a digit.');
    vi.mocked(useHydrated).mockReturnValue(true);
  });
});

describe('countdownText', () => {
  test("singular and plural by the locale's plural rules", async () => {
    const { countdownText } = await import('@/app/_components/resend-form');
    const en = { one: 'in {seconds} second.', other: 'in {seconds} seconds.' };
    expect(countdownText(1, 'en-GB', en)).toBe('in 1 second.');
    expect(countdownText(2, 'en-GB', en)).toBe('in 2 seconds.');
    expect(countdownText(0, 'en-GB', en)).toBe('in 0 seconds.');
    // French counts 0 as singular.
    expect(countdownText(0, 'fr-FR', { one: '{seconds} seconde', other: '{seconds} secondes' })).toBe('0 seconde');
  });
});

describe('ResendForm', () => {
  const refusals = {
    sendQuotaAccount: 'Several codes or links have been requested for this account in a short time. You can request a new one in {minutes}\u00a0min.',
    sendQuotaNetwork: 'Many sign-in codes and links have been requested from your network. Please try again in {minutes}\u00a0min.',
  };
  const labels = {
    resend: 'Send again',
    sending: 'Sending…',
    resendAvailable: 'You can send again.',
    resendIn: { one: 'Send again in {seconds} second.', other: 'Send again in {seconds} seconds.' },
  };

  test('a spent budget is said in words and minutes, not counted down in seconds (issue 33, D08)', async () => {
    const { ResendForm } = await import('@/app/_components/resend-form');
    const send = vi.fn(async () => ({ status: 'invalid' as const, fieldErrors: {}, formError: 'sendQuotaAccount' as const, retryAfter: 734 }));
    render(<ResendForm requestId="req-1" action={send} waitSeconds={0} locale="en-GB" labels={labels} refusals={refusals} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/for this account in a short time\. You can request a new one in 13\u00a0min\./));
    expect(document.getElementById('resend-countdown')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send again' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: 'Send again' }).getAttribute('aria-describedby')).toBeNull();
  });

  test('a "too early" answer (invalid with retryAfter) counts its seconds down; the form error is not shown', async () => {
    const { ResendForm } = await import('@/app/_components/resend-form');
    const send = vi.fn(async () => ({ status: 'invalid' as const, fieldErrors: {}, formError: 'tooManySends' as const, retryAfter: 42 }));
    render(<ResendForm requestId="req-1" action={send} waitSeconds={0} locale="en-GB" labels={labels} refusals={refusals} />);
    expect(document.getElementById('resend-countdown')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(document.getElementById('resend-countdown')?.textContent).toMatch(/^Send again in 4[12] seconds\.$/));
    expect(screen.queryByText(/Too many/)).toBeNull();
  });
});

describe('LanguageSelect', () => {
  test('offers every shipped language in its own name and language, the current one chosen', () => {
    render(<LanguageSelect id="language-select" locale="de-DE" />);
    const select = document.getElementById('language-select') as HTMLSelectElement;
    expect(select.name).toBe('locale');
    expect([...select.options].map((o) => [o.value, o.lang, o.textContent])).toEqual(LOCALES.map((code) => [code, code, LOCALE_NAMES[code]]));
    expect(select.value).toBe('de-DE');
  });
});
