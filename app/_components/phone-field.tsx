'use client';

import { useState, type InputHTMLAttributes } from 'react';
import { useHydrated } from './use-hydrated';

export type CountryChoice = { code: string; name: string; dial: string };

/** The country list and the one chosen at first (from the page's language, or a number already known). */
export type PhoneChoices = { countries: CountryChoice[]; country: string | undefined };

type Props = {
  id: string;
  label: React.ReactNode;
  countryLabel: string;
  hint: string;
  choices: PhoneChoices;
  /** The country posted or known for this number, else the page's. */
  country: string | undefined;
  error?: string;
  /** Another country chosen (the form may judge the number again). */
  onCountryChange?: (country: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { ref?: React.Ref<HTMLInputElement> };

/**
 * A mobile number as one field (D54): a group named by the field's label, the country's calling
 * code and the number as dialled there in one row. Two plain controls, so it posts without
 * JavaScript; the server joins and judges them (lib/validation/phone.ts). A number typed with `+`
 * needs no country. The country list names each country in the page's language with its calling
 * code (so typing a country's name finds it); once the page runs scripts, the closed list shows
 * only the chosen country's code (`DE +49`), which keeps it compact beside the number. Without
 * scripts it shows the chosen entry whole, as wide as the longest name, so it stands above the
 * number, in the same group.
 */
export function PhoneField({ id, label, countryLabel, hint, choices, country, error, onCountryChange, ...input }: Props) {
  const countryId = `${id}__country`;
  const chosen = country ?? choices.country ?? '';
  const compact = useHydrated();
  const [current, setCurrent] = useState(chosen);
  const [known, setKnown] = useState(chosen);
  // A country given anew (posted back, or known) replaces the one shown.
  if (known !== chosen) {
    setKnown(chosen);
    setCurrent(chosen);
  }
  const dial = choices.countries.find((c) => c.code === current)?.dial;
  const described = [error ? `${id}-error` : undefined, `${id}-hint`].filter(Boolean).join(' ');
  return (
    <fieldset className="field phone-field">
      <legend id={`${id}-legend`}>{label}</legend>
      <div className={compact ? 'phone-row compact' : 'phone-row'}>
        <span className="calling-code">
          <label htmlFor={countryId} className="visually-hidden">
            {countryLabel}
          </label>
          {/* Keyed by the choice: React applies a select's defaultValue on mount only. */}
          <select
            key={chosen}
            id={countryId}
            name={countryId}
            defaultValue={chosen}
            autoComplete="off"
            onChange={(event) => {
              setCurrent(event.target.value);
              onCountryChange?.(event.target.value);
            }}
          >
            {choices.countries.map((c) => (
              <option key={c.code} value={c.code}>
                {`${c.name} (${c.dial})`}
              </option>
            ))}
          </select>
          {compact && dial ? (
            <span className="calling-code-shown" aria-hidden="true">
              {`${current} ${dial}`}
            </span>
          ) : null}
        </span>
        <input
          id={id}
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          spellCheck={false}
          required
          aria-labelledby={`${id}-legend`}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          {...input}
        />
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
      <p id={`${id}-hint`} className="hint">
        {hint}
      </p>
    </fieldset>
  );
}
