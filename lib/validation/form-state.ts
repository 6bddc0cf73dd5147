import type messages from '../../messages/en-GB.json';

/** Keys of the `errors` namespace: what an action may say about a field or the form. */
export type ErrorKey = keyof (typeof messages)['errors'];

/**
 * What every form action returns. Messages are keys, translated on the server; values are echoed
 * back only for non-secret fields so a re-rendered form (JavaScript off) keeps what was typed.
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
 * "Send again" (a code, a link): idle, or refused because it is too early, with the seconds left
 * as of this answer (app/_components/resend-form.tsx counts them down).
 */
export type ResendState = { status: 'idle' } | { status: 'wait'; seconds: number };

/**
 * The push check (app/register-mfa/push/push-waiter.tsx): still pending (`asked`: a person asked,
 * not the page's own polling), or held back by a limit. Approved, declined and expired redirect.
 */
export type PushCheckState = { status: 'idle' } | { status: 'pending'; asked: boolean } | { status: 'limited' };

/** What any action answers with: a form's state, a resend's, or the push check's. */
export type ActionState = FormState<never> | FormState<string> | ResendState | PushCheckState;

/**
 * The one contract of every server action, as React's useActionState calls it: the previous
 * state and the posted form in, the next state out (or a redirect, which throws).
 */
export type FormAction<State extends ActionState = FormState> = (prev: State, formData: FormData) => Promise<State>;
