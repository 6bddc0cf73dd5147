'use client';

import { useActionState, useRef, useState } from 'react';
import { FormTop } from '@/app/_components/form-top';
import { PasswordChecklist, type ChecklistLabels } from '@/app/_components/password-checklist';
import { PasswordField } from '@/app/_components/password-field';
import { PhoneField, type PhoneChoices } from '@/app/_components/phone-field';
import { SubmitButton } from '@/app/_components/submit-button';
import { TextField } from '@/app/_components/text-field';
import { useFieldRules, type FieldRule } from '@/app/_components/use-field-rules';
import { useHydrated } from '@/app/_components/use-hydrated';
import { wordSpace } from '@/lib/i18n/spacing';
import type { ErrorKey } from '@/lib/validation/form-state';
import { COUNTRY_SUFFIX, fieldError, repeatOf, type RegistrationField } from '@/lib/validation/registration-fields';
import { CHECKLIST_ERRORS, checkNewPassword, requirementsOf } from '@/lib/validation/rules';
import { submitRegistration, type RegisterState } from './actions';
import { Box, FieldError, Radios, selectHandlers } from './choice-fields';
import type { FieldMessages } from './field-messages';
import { firstToFill } from './first-to-fill';
import { passwordWords } from './password-words';
import { TermsStatement, type StatementTexts } from './terms-statement';
import { usePhoneCheck } from './use-phone-check';

export type RegistrationLabels = {
  /** The page's language (the password's summary entry lists its rules in it). */
  locale: string;
  /** Each field's name in the page's language where there is one (lib/i18n/field-labels.ts). */
  fields: Record<string, string>;
  /** The language of the tenant's words where they are not in the page's: a field's name, its options. */
  langs: Record<string, { label?: string; options?: string }>;
  /** Each field's own words for its errors (./field-messages.ts); the form's (`errors`) for the rest. */
  messages: FieldMessages;
  /** "(opens in a new tab)": said with every link that opens one (the terms). */
  newTab: string;
  /** What creating the account means, above the button (./terms-statement.tsx); none where the form creates none. */
  statement?: StatementTexts;
  /** What the summary says of a refused password: `{rules}` it still needs (the checklist's words), `{chars}` it must lose. */
  password: { needs: string; forbidden: string };
  optional: string;
  choose: string;
  country: string;
  mobileHint: string;
  submit: string;
  pending: string;
  show: string;
  hide: string;
  capsLock: string;
  existsSignIn: string;
  existsReset: string;
  checklist: ChecklistLabels;
};

type Props = {
  requestId: string;
  /** What the form posts to: the registration, or another page's use of the same fields (the missing profile fields). */
  action?: (prev: RegisterState, formData: FormData) => Promise<RegisterState>;
  fields: RegistrationField[];
  defaultEmail?: string;
  /** Opened from an invitation: its address (locked; the server sends it whatever is posted) and other values. */
  invitation?: { lockedEmail: string | undefined; prefill: Record<string, string>; lockedHint: string };
  /** Values known before the person types (what the provider already knows of them). */
  defaults?: Record<string, string>;
  /** The countries of a mobile number field, where the tenant asks for one. */
  phone?: PhoneChoices;
  /** Where "sign in" and "reset your password" lead when the address already has an account. */
  existsLinks: { signIn: string; reset: string };
  labels: RegistrationLabels;
  errors: Partial<Record<ErrorKey, string>>;
};

const INPUT_TYPES: Partial<Record<RegistrationField['type'], string>> = { EMAIL: 'email', MOBILE: 'tel', DATE: 'date', DAYDATE: 'date', URL: 'url' };
const AUTOCOMPLETE: Record<string, string> = { email: 'email', given_name: 'given-name', family_name: 'family-name', birthdate: 'bday' };

/**
 * The tenant's registration fields, in its order, each with its rule (the same the server checks,
 * lib/validation/registration-fields.ts). Posts natively without JavaScript; with it, checks as
 * the person goes. The password has the checklist of the password rules, as on the reset form.
 */
export function RegistrationForm({
  requestId,
  action: submit = submitRegistration,
  fields,
  defaultEmail,
  defaults,
  phone,
  invitation,
  existsLinks,
  labels,
  errors,
}: Props) {
  const [state, action] = useActionState<RegisterState, FormData>(submit, { status: 'idle' });
  const phoneCheck = usePhoneCheck();
  // A mobile number's rule includes the numbering plans' verdict on it, once the server gave one.
  const ruleOf =
    (f: RegistrationField): FieldRule =>
    (value, values) =>
      fieldError(f, value, values) ?? (f.type === 'MOBILE' ? phoneCheck.verdict(f.key, value, values[`${f.key}${COUNTRY_SUFFIX}`] ?? '') : undefined);
  const rules = useFieldRules<string>(state, Object.fromEntries(fields.map((f) => [f.key, ruleOf(f)])), { startAt: firstToFill(fields, invitation) });
  const live = useHydrated();
  const [password, setPassword] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const values = state.status === 'invalid' ? (state.values ?? {}) : {};
  const locked = invitation?.lockedEmail;
  const valueOf = (key: string) =>
    key === 'email' && locked ? locked : (values[key] ?? invitation?.prefill[key] ?? defaults?.[key] ?? (key === 'email' ? (defaultEmail ?? '') : ''));
  const textOf = (key: string, error: ErrorKey) => labels.messages[key]?.[error] ?? errors[error] ?? error;
  const verdictText = (key: string) => {
    const verdict = phoneCheck.shown(key);
    return verdict ? textOf(key, verdict) : undefined;
  };
  const message = (key: string) => {
    const error = rules.errorOf(key);
    return error ? textOf(key, error) : undefined;
  };
  const label = (f: RegistrationField) => {
    const name = labels.fields[f.key] ?? f.key;
    const lang = labels.langs[f.key]?.label;
    return (
      <>
        {lang ? <span lang={lang}>{name}</span> : name}
        {f.required ? '' : `${wordSpace(name, labels.optional)}${labels.optional}`}
      </>
    );
  };

  const passwordField = fields.find((f) => f.type === 'PASSWORD' && !repeatOf(f));
  const passwordKey = passwordField?.key;
  const check = live ? checkNewPassword(password, passwordField?.policy) : state.status === 'invalid' ? state.check : undefined;
  const passwordError = passwordKey ? rules.errorOf(passwordKey) : undefined;
  const saidByChecklist = passwordError !== undefined && CHECKLIST_ERRORS.has(passwordError) && (live ? rules.checkedHere(passwordKey!) : check !== undefined);
  const stillRefused = saidByChecklist && check !== undefined && (check.unmet.length > 0 || check.forbidden.length > 0);
  const passwordText = (error: ErrorKey) => passwordWords(error, check, labels);
  const summary = rules.summaryItems((key, error) => (key === passwordKey ? passwordText(error) : undefined) ?? textOf(key, error));

  const render = (f: RegistrationField) => {
    const registration = rules.field(f.key);
    const common = { autoFocus: rules.autoFocus(f.key) };
    if (f.type === 'PASSWORD') {
      const isMain = f.key === passwordKey;
      return (
        <div key={f.key}>
          <PasswordField
            id={f.key}
            autoComplete="new-password"
            describedBy={isMain ? `${f.key}-rules` : undefined}
            // With JavaScript the checklist beside the typed password says it; without, the field comes
            // back empty, and its message says what the password needs.
            error={isMain && saidByChecklist && live ? undefined : isMain && passwordError ? (passwordText(passwordError) ?? message(f.key)) : message(f.key)}
            invalid={isMain && stillRefused}
            labels={{ password: label(f), show: labels.show, hide: labels.hide, capsLock: labels.capsLock }}
            registration={
              isMain
                ? {
                    ...registration,
                    onChange: (event) => {
                      setPassword(event.target.value);
                      registration.onChange(event);
                    },
                  }
                : registration
            }
            {...common}
          />
          {isMain ? (
            <PasswordChecklist
              id={`${f.key}-rules`}
              check={check}
              failed={stillRefused}
              live={live}
              labels={labels.checklist}
              requirements={requirementsOf(f.policy)}
            />
          ) : null}
        </div>
      );
    }
    if (f.type === 'CHECKBOX' || f.type === 'CONSENT')
      return (
        <Box
          key={f.key}
          field={f}
          label={label(f)}
          newTab={labels.newTab}
          checked={valueOf(f.key) === 'on'}
          error={message(f.key)}
          {...registration}
          {...common}
        />
      );
    if (f.type === 'SELECT') {
      const error = message(f.key);
      // Keyed by the value sent back: React applies a select's defaultValue on mount only, and the
      // form's reset after a refused post (JavaScript on) would otherwise fall back to "Please choose".
      return (
        <div className="field" key={`${f.key}:${valueOf(f.key)}`}>
          <label htmlFor={f.key}>{label(f)}</label>
          <select
            id={f.key}
            defaultValue={valueOf(f.key)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${f.key}-error` : undefined}
            {...selectHandlers(registration)}
            {...common}
          >
            <option value="">{labels.choose}</option>
            {f.options.map((o) => (
              <option key={o.key} value={o.key} lang={labels.langs[f.key]?.options}>
                {o.label}
              </option>
            ))}
          </select>
          <FieldError id={f.key} error={error} />
        </div>
      );
    }
    if (f.type === 'RADIO')
      return (
        <Radios
          key={f.key}
          field={f}
          label={label(f)}
          optionsLang={labels.langs[f.key]?.options}
          value={valueOf(f.key)}
          error={message(f.key)}
          {...registration}
          {...common}
        />
      );
    if (f.type === 'MOBILE' && phone)
      return (
        <PhoneField
          key={f.key}
          id={f.key}
          label={label(f)}
          countryLabel={labels.country}
          hint={labels.mobileHint}
          choices={phone}
          country={valueOf(`${f.key}${COUNTRY_SUFFIX}`) || undefined}
          required={f.required}
          defaultValue={valueOf(f.key)}
          error={message(f.key) ?? verdictText(f.key)}
          {...registration}
          onChange={(event) => {
            registration.onChange(event);
            phoneCheck.noteTyped(f.key, event.target.form);
          }}
          onBlur={(event) => {
            registration.onBlur(event);
            if (!fieldError(f, event.target.value, {})) phoneCheck.ask(f.key, event.target.form);
          }}
          onCountryChange={() => phoneCheck.ask(f.key, formRef.current)}
          {...common}
        />
      );
    const lockedHere = f.key === 'email' && locked !== undefined;
    return (
      <TextField
        key={f.key}
        id={f.key}
        type={INPUT_TYPES[f.type] ?? 'text'}
        inputMode={f.type === 'NUMBER' ? 'decimal' : undefined}
        label={label(f)}
        autoComplete={AUTOCOMPLETE[f.key] ?? 'off'}
        required={f.required}
        min={f.minDate}
        max={f.maxDate}
        defaultValue={valueOf(f.key)}
        describedBy={lockedHere ? `${f.key}-hint` : undefined}
        error={message(f.key)}
        {...registration}
        {...common}
        readOnly={lockedHere || undefined}
      >
        {lockedHere ? (
          <p id={`${f.key}-hint`} className="hint">
            {invitation?.lockedHint}
          </p>
        ) : null}
        {f.key === 'email' && rules.errorOf('email') === 'accountExists' ? (
          <p className="field-link">
            <a href={existsLinks.signIn}>{labels.existsSignIn}</a> · <a href={existsLinks.reset}>{labels.existsReset}</a>
          </p>
        ) : null}
      </TextField>
    );
  };

  return (
    // React resets a form once its action has answered; a refused post (JavaScript on) keeps what was
    // typed instead, the passwords too, which never come back from the server (D53).
    <form ref={formRef} action={action} {...rules.formProps} className="register-form" onReset={(event) => event.preventDefault()}>
      {/* Without JavaScript the answer is a new page whose passwords come back empty: even one problem is listed. */}
      <FormTop requestId={requestId} state={state} summary={summary} errors={errors} summaryMinimum={live ? 2 : 1} />
      {fields.map(render)}
      {labels.statement ? <TermsStatement statement={labels.statement} /> : null}
      <div className="actions">
        <SubmitButton label={labels.submit} pendingLabel={labels.pending} />
      </div>
    </form>
  );
}
