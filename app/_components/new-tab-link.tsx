/**
 * A link that opens in a new tab, so a form half filled in (or a sign-in half done) is not left
 * behind, and says so: `newTab` ("(opens in a new tab)") is part of its name, for screen readers
 * only unless `visible`.
 */
export function NewTabLink({ href, newTab, visible = false, children }: { href: string; newTab: string; visible?: boolean; children: React.ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className={visible ? undefined : 'visually-hidden'}> {newTab}</span>
    </a>
  );
}
