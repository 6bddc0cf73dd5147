'use client';

type Props = {
  title: string;
  /** The field errors, in the order of the fields: each links to its field. */
  items: Array<{ fieldId: string; message: string }>;
  /**
   * The fewest entries it is shown for: two by default (one error is said under its field, which
   * takes focus); one on a long form whose answer without JavaScript is a new page.
   */
  minimum?: number;
};

/**
 * The list of what is wrong, above the form, after a submit where two or more fields failed (one
 * error is said under its field only, which takes focus). It takes focus (the form moves it here
 * with JavaScript; `autofocus` does when the server re-renders the page without), so the whole
 * list is read out; each entry leads to its field.
 */
export function ErrorSummary({ title, items, minimum = 2 }: Props) {
  if (items.length === 0 || items.length < minimum) return null;
  return (
    <div className="error-summary" tabIndex={-1} autoFocus aria-labelledby="error-summary-title">
      <h2 id="error-summary-title">{title}</h2>
      <ul>
        {items.map(({ fieldId, message }) => (
          <li key={fieldId}>
            <a
              href={`#${fieldId}`}
              onClick={(event) => {
                // The fragment alone scrolls but leaves focus on the link.
                const field = document.getElementById(fieldId);
                if (!field) return;
                event.preventDefault();
                field.focus();
              }}
            >
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
