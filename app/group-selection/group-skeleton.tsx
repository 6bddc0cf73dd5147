'use client';

/**
 * What the page shows while the groups load: the shape of the form, greyed, and an announced
 * status. Server-rendered inside the Suspense fallback, so it shows without JavaScript too; a
 * client component for its bytes only (its markup comes from the script bundle, the page sends
 * the label).
 */
export function GroupSkeleton({ label }: { label: string }) {
  return (
    <div className="skeleton" aria-busy="true">
      <p role="status" className="visually-hidden">
        {label}
      </p>
      <span className="skeleton-bar short" aria-hidden="true" />
      <span className="skeleton-bar field" aria-hidden="true" />
      <span className="skeleton-bar button" aria-hidden="true" />
    </div>
  );
}
