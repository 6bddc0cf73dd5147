import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { Messages } from 'next-intl';

/** Keys of the `errors` namespace: what an action may say about a field or the form. */
export type ErrorKey = keyof Messages['errors'];

/**
 * What every action answers: one family, narrowed per action by its fields. Messages are keys,
 * translated on the server; values are echoed back only for non-secret fields so a re-rendered
 * form (JavaScript off) keeps what was typed.
 *
 * - `idle`: nothing to say (the first render; an answer that changes nothing on the page).
 * - `invalid`: the form again, with what is wrong: a field, the form as a whole, a wait.
 *
 * The push check adds one answer of its own (`PushCheckState`); every other action answers these two.
 */
export type FormState<Field extends string = string> =
  | { status: 'idle' }
  | {
      status: 'invalid';
      fieldErrors: Partial<Record<Field, ErrorKey>>;
      /** About the form as a whole (a limit on sending, say), shown above its button. */
      formError?: ErrorKey;
      /** The failure's reference in the log, shown with `formError` when the provider failed. */
      reference?: string;
      /** Seconds, as of this answer, until the form may be tried again: a lock's or a limit's end. */
      retryAfter?: number;
      values?: Partial<Record<Field, string>>;
    };

/** The code field of a second factor or an e-mail confirmation (app/_components/code-form.tsx). */
export type CodeFormState = FormState<'code'>;

/**
 * "Send again" (a code, a link): a form without fields. Too early, it is `invalid` with
 * `formError: 'tooManySends'` and `retryAfter`, the seconds left as of this answer
 * (app/_components/resend-form.tsx counts them down instead of showing the error).
 */
export type ResendState = FormState<never>;

/**
 * The push check (app/register-mfa/push/push-waiter.tsx): a form without fields, held back by a
 * limit (`invalid`, `formError: 'tooManyAttempts'`), or `pending`: asked, and not approved yet
 * (`asked`: a person asked, not the page's own polling). Approved, declined and expired redirect.
 */
export type PushCheckState = FormState<never> | { status: 'pending'; asked: boolean };

/**
 * A passkey ceremony's preparation (app/_components/passkey-ceremony.tsx): the tenant's options,
 * mapped to the browser's WebAuthn JSON (`ready`), or a form error when none could be had. What the
 * browser then sends back is answered with a plain `FormState<never>` (or a redirect).
 */
export type PasskeyState =
  | FormState<never>
  | { status: 'ready'; ceremony: 'get'; options: PublicKeyCredentialRequestOptionsJSON }
  | { status: 'ready'; ceremony: 'create'; options: PublicKeyCredentialCreationOptionsJSON };

/** What any action answers with: a form's state, the push check's, or a passkey preparation's. */
export type ActionState = FormState<string> | PushCheckState | PasskeyState;

/**
 * The one contract of every server action, as React's useActionState calls it: the previous
 * state and the posted form in, the next state out (or a redirect, which throws).
 */
export type FormAction<State extends ActionState = FormState> = (prev: State, formData: FormData) => Promise<State>;
