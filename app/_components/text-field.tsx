/** A labelled input with its error linked for assistive technology. Server- and client-safe. */
export function TextField(props: {
  id: string;
  name: string;
  label: string;
  type: 'email' | 'password' | 'text';
  autoComplete: string;
  defaultValue?: string;
  error?: string;
  readOnly?: boolean;
  autoFocus?: boolean;
}) {
  const errorId = `${props.id}-error`;
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        name={props.name}
        type={props.type}
        autoComplete={props.autoComplete}
        defaultValue={props.defaultValue}
        readOnly={props.readOnly}
        autoFocus={props.autoFocus}
        required={!props.readOnly}
        spellCheck={false}
        autoCapitalize="none"
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
      />
      {props.error ? (
        <p id={errorId} className="field-error">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
