import 'server-only';
import { initiateAccountVerification, verifyAccount, type Whom } from '../provider/account-verification';
import { refusalMeaning } from '../provider/errors';
import type { ErrorKey } from '../validation/form-state';
import { codeErrorFor } from './error-map';

/**
 * E-mail confirmation (README: Password reset and e-mail verification): a link is sent; when the tenant asks
 * for a code instead (its `verification_complete` page with processingType CODE), the code is
 * checked here. Either API generation (lib/provider/account-verification.ts).
 */
export async function sendConfirmation(args: { requestId: string; whom: Whom; locale: string }): Promise<{ accvid: string | undefined }> {
  return initiateAccountVerification(args);
}

export type ConfirmOutcome =
  /** Confirmed; with a track the person is signed in at once (the after-register login). */
  | { kind: 'confirmed'; signInTrackId: string | undefined }
  | { kind: 'code-error'; key: ErrorKey }
  /** The verification id is unknown, expired or used: a new link or code is needed. */
  | { kind: 'gone' };

export async function confirmWithCode(args: { accvid: string; code: string; locale: string }): Promise<ConfirmOutcome> {
  try {
    const { suggestedAction, trackId } = await verifyAccount(args);
    return { kind: 'confirmed', signInTrackId: suggestedAction?.toUpperCase() === 'LOGIN' ? trackId : undefined };
  } catch (error) {
    const meaning = refusalMeaning(error);
    const key = codeErrorFor(meaning);
    if (key) return { kind: 'code-error', key };
    if (meaning === 'reference-invalid') return { kind: 'gone' };
    throw error;
  }
}
