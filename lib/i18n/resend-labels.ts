/** The texts of the "send again" form (app/_components/resend-form.tsx), the same shape on every page. */
export type ResendLabels = {
  resend: string;
  /** "… in {seconds} seconds", in the singular and the plural form; `{seconds}` is filled in by the form. */
  resendIn: { one: string; other: string };
  /** Announced once when the button becomes usable. */
  resendAvailable: string;
  sending: string;
};

/** A page's translator of one namespace (next-intl's getTranslations). */
type Translate = { (key: string): string; raw(key: string): unknown };

/**
 * A page's resend texts from its message keys. `resendIn`/`resendInOne` are read raw so the form
 * can put the seconds in; the announcement and the pending text fall back to the button's text
 * when the namespace has none of its own.
 */
export function resendLabels(
  t: Translate,
  keys: { resend: string; resendIn: string; resendInOne: string; resendAvailable?: string; sending?: string },
): ResendLabels {
  return {
    resend: t(keys.resend),
    resendIn: { one: String(t.raw(keys.resendInOne)), other: String(t.raw(keys.resendIn)) },
    resendAvailable: t(keys.resendAvailable ?? keys.resend),
    sending: t(keys.sending ?? keys.resend),
  };
}
