import { template, type Translate } from './template';

/** The texts of the "send again" form (app/_components/resend-form.tsx), the same shape on every page. */
export type ResendLabels = {
  resend: string;
  /** "… in {seconds} seconds", in the singular and the plural form; `{seconds}` is filled in by the form. */
  resendIn: { one: string; other: string };
  /** Announced once when the button becomes usable. */
  resendAvailable: string;
  sending: string;
};

/**
 * A page's resend texts from its message keys. `resendIn`/`resendInOne` keep their `{seconds}` so
 * the form can put the seconds in; the announcement and the pending text fall back to the
 * button's text when the namespace has none of its own.
 */
export function resendLabels<Key extends string>(
  t: Translate<NoInfer<Key>>,
  keys: { resend: Key; resendIn: Key; resendInOne: Key; resendAvailable?: Key; sending?: Key },
): ResendLabels {
  return {
    resend: t(keys.resend),
    resendIn: { one: template(t, keys.resendInOne, 'seconds'), other: template(t, keys.resendIn, 'seconds') },
    resendAvailable: t(keys.resendAvailable ?? keys.resend),
    sending: t(keys.sending ?? keys.resend),
  };
}

/** The keys of "Send a new code" in the `mfa` namespace, shared by the sign-in's code page and a set-up's. */
export const CODE_RESEND_KEYS = {
  resend: 'resend',
  resendIn: 'resendIn',
  resendInOne: 'resendInOne',
  resendAvailable: 'resendAvailable',
  sending: 'sending',
} as const;
