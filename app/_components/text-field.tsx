import type { InputHTMLAttributes, ReactNode } from 'react';

type Props = {
  id: string;
  label: string;
  error?: string;
  /** Extra content in the label row (for example a show-password button). */
  labelAside?: ReactNode;
  /** Extra ids describing the field (hints), besides its error. */
  describedBy?: string;
  children?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { ref?: React.Ref<HTMLInputElement> };

/** A labelled input with its error linked for assistive technology. */
export function TextField({ id, label, error, labelAside, describedBy, children, readOnly, ...input }: Props) {
  const errorId = `${id}-error`;
  const described = [error ? errorId : undefined, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <div className="label-row">
        <label htmlFor={id}>{label}</label>
        {labelAside}
      </div>
      <input
        id={id}
        readOnly={readOnly}
        required={!readOnly}
        spellCheck={false}
        autoCapitalize="none"
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        {...input}
      />
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
      {children}
    </div>
  );
}
