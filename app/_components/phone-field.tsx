import type { InputHTMLAttributes } from 'react';
import { TextField } from './text-field';

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
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { ref?: React.Ref<HTMLInputElement> };

/**
 * A mobile number: the country (its name in the page's language and its calling code), then the
 * number as dialled there. Two plain controls, so it posts without JavaScript; the server joins
 * and judges them (lib/validation/phone.ts). A number typed with `+` needs no country.
 */
export function PhoneField({ id, label, countryLabel, hint, choices, country, error, ...input }: Props) {
  const countryId = `${id}__country`;
  const chosen = country ?? choices.country ?? '';
  return (
    <div className="phone-field">
      <div className="field">
        <label htmlFor={countryId}>{countryLabel}</label>
        {/* Keyed by the choice: React applies a select's defaultValue on mount only, and the
            form's reset after a refused post would otherwise fall back to the first country. */}
        <select key={chosen} id={countryId} name={countryId} defaultValue={chosen} autoComplete="off">
          {choices.countries.map((c) => (
            <option key={c.code} value={c.code}>
              {`${c.name} (${c.dial})`}
            </option>
          ))}
        </select>
      </div>
      <TextField id={id} type="tel" label={label} autoComplete="tel-national" inputMode="tel" describedBy={`${id}-hint`} error={error} {...input}>
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      </TextField>
    </div>
  );
}
