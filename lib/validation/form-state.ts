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
