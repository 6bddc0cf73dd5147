'use client';

/**
 * A visible, announced loading state (server-rendered, so it shows without JavaScript too). A
 * client component for its bytes only: the page sends the label, not the markup twice.
 */
export function Loader({ label }: { label: string }) {
  return (
    <div className="loader" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
