import type { InputHTMLAttributes, ReactNode } from 'react';

type Props = {
  id: string;
  label: ReactNode;
  /** What is wrong, as text (or text with a link that says what to do). */
  error?: ReactNode;
  /** Invalid, with what is wrong said by what describes it instead of an error (a rules checklist). */
  invalid?: boolean;
  /** Extra content in the label row (for example a link to change the value elsewhere). */
  labelAside?: ReactNode;
  /** A control drawn inside the input, at its end (the show-password button); it follows the input in focus order. */
  inputAside?: ReactNode;
  /** Extra ids describing the field (hints), besides its error. */
  describedBy?: string;
  children?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { ref?: React.Ref<HTMLInputElement> };

/** A labelled input with its error linked for assistive technology. */
export function TextField({ id, label, error, invalid, labelAside, inputAside, describedBy, children, readOnly, ...input }: Props) {
  const errorId = `${id}-error`;
  const described = [error ? errorId : undefined, describedBy].filter(Boolean).join(' ') || undefined;
  const field = (
    <input
      id={id}
      readOnly={readOnly}
      required={!readOnly}
      spellCheck={false}
      autoCapitalize="none"
      aria-invalid={error || invalid ? true : undefined}
      aria-describedby={described}
      {...input}
    />
  );
  return (
    <div className="field">
      <div className="label-row">
        <label htmlFor={id}>{label}</label>
        {labelAside}
      </div>
      {inputAside ? (
        <div className="control">
          {field}
          {inputAside}
        </div>
      ) : (
        field
      )}
      {error ? (
        <p id={errorId} className="field-error">
          {/* One flex item beside the icon, so a link inside the text stays in its line; one message. */}
          <span data-message="">{error}</span>
        </p>
      ) : null}
      {children}
    </div>
  );
}
