'use client';

/** Prints the page (the style sheet's print rules keep the codes and drop the rest); shown only with scripts (`.needs-js`). */
export function PrintButton({ label }: { label: string }) {
  return (
    <button type="button" className="link needs-js" onClick={() => window.print()}>
      {label}
    </button>
  );
}
