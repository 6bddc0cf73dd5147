/**
 * A small picture of a second-factor method beside its name. Decoration only: the button's text
 * names the method, so the icon is hidden from assistive technology. Inline SVG in the text
 * colour, so it follows the theme and needs no icon font or request.
 */
const PATHS: Record<string, string> = {
  // An envelope.
  EMAIL: 'M3 6.5A1.5 1.5 0 0 1 4.5 5h15A1.5 1.5 0 0 1 21 6.5v11a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5zM3.5 6.5l8.5 6.5 8.5-6.5',
  // A speech bubble.
  SMS: 'M5.5 4h13A1.5 1.5 0 0 1 20 5.5v9a1.5 1.5 0 0 1-1.5 1.5H10l-4.5 4v-4A1.5 1.5 0 0 1 4 14.5v-9A1.5 1.5 0 0 1 5.5 4zM8 10h.01M12 10h.01M16 10h.01',
  // A clock face: codes that change with time.
  TOTP: 'M12 3.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17zM12 7.5V12l3 2',
  // A phone with a tick.
  PUSH: 'M8 2.5h8A1.5 1.5 0 0 1 17.5 4v16a1.5 1.5 0 0 1-1.5 1.5H8A1.5 1.5 0 0 1 6.5 20V4A1.5 1.5 0 0 1 8 2.5zM9.5 12l2 2 3.5-4M11 18.5h2',
  // A list of codes: backup codes.
  BACKUPCODE: 'M6.5 3.5h11A1.5 1.5 0 0 1 19 5v14a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 5 19V5a1.5 1.5 0 0 1 1.5-1.5zM8.5 8h7M8.5 12h7M8.5 16h4',
  // A key: a passkey.
  FIDO2: 'M7.5 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7zM11 12h9.5M17.5 12v3M20.5 12v2.5',
};
// A shield, for methods without a picture of their own.
const OTHER = 'M12 3l7.5 3v5.5c0 4.5-3.2 8-7.5 9.5-4.3-1.5-7.5-5-7.5-9.5V6z';

export function MethodIcon({ type }: { type: string }) {
  return (
    <svg className="method-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={PATHS[type] ?? OTHER} fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
