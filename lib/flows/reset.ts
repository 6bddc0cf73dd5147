import 'server-only';
import { refusalMeaning } from '../provider/errors';
import { acceptReset, initiateReset } from '../provider/reset';
import type { ErrorKey } from '../validation/form-state';
import { newPasswordErrorFor } from './error-map';

/**
 * The password-reset steps (docs/features.md "Password reset and e-mail verification"), whichever API
 * generation the tenant speaks (lib/provider/reset.ts hides the difference).
 */
export async function requestResetLink(args: { email: string; requestId: string; locale: string }): Promise<void> {
  await initiateReset(args);
}

export type NewPasswordOutcome =
  /** Saved; `next` is where the provider says the browser goes (checked by the caller). */
  | { kind: 'saved'; next: string | undefined }
  /** Breached, used before, not repeated the same: the person chooses again, the link stays. */
  | { kind: 'field-error'; key: ErrorKey }
  /** The link is unknown, expired or used: a new one is needed. */
  | { kind: 'link-gone' };

export async function saveNewPassword(args: {
  password: string;
  resetRequestId: string;
  exchangeId: string;
  requestId: string;
  locale: string;
}): Promise<NewPasswordOutcome> {
  try {
    const { next } = await acceptReset(args);
    return { kind: 'saved', next };
  } catch (error) {
    const meaning = refusalMeaning(error);
    const key = newPasswordErrorFor(meaning);
    if (key) return { kind: 'field-error', key };
    if (meaning === 'reference-invalid') return { kind: 'link-gone' };
    throw error;
  }
}
