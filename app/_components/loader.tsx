/** A visible, announced loading state (server-rendered, so it shows without JavaScript too). */
export function Loader({ label }: { label: string }) {
  return (
    <div className="loader" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
