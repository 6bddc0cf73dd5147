import 'server-only';
import { log } from '../log';
import { initiateAccountVerification, verifyAccount, type Whom } from '../provider/account-verification';
import { isProviderError, refusalMeaning } from '../provider/errors';
import type { ErrorKey } from '../validation/form-state';
import { codeErrorFor } from './error-map';

/**
 * E-mail confirmation (docs/features.md "Password reset and e-mail verification"): a link is sent; when the
 * tenant asks for a code instead (its `verification_complete` page with processingType CODE), the code is
 * checked here. Either API generation (lib/provider/account-verification.ts).
 */
export async function sendConfirmation(args: { requestId: string; whom: Whom; locale: string }): Promise<{ accvid: string | undefined }> {
  return initiateAccountVerification(args);
}

export type ConfirmOutcome =
  /** Confirmed; with a track the person is signed in at once (the after-register login). */
  | { kind: 'confirmed'; signInTrackId: string | undefined }
  /** Wrong, or (the verification id unknown, expired or used) no longer valid: said on the code field. */
  | { kind: 'code-error'; key: ErrorKey };

/**
 * Checks the code. The provider's code for a wrong one is not published (docs/provider-contract.md
 * §7): a refusal of this check whose code has no meaning here, and is not the provider failing,
 * is read as a wrong code (the person can only type another, and the attempts are limited), and
 * the code is logged so the table can name it. An unknown or used verification id is an expired
 * code; a request the provider could not read is a defect, for the error page.
 */
export async function confirmWithCode(args: { accvid: string; code: string; locale: string }): Promise<ConfirmOutcome> {
  try {
    const { suggestedAction, trackId } = await verifyAccount(args);
    return { kind: 'confirmed', signInTrackId: suggestedAction?.toUpperCase() === 'LOGIN' ? trackId : undefined };
  } catch (error) {
    const meaning = refusalMeaning(error);
    const key = codeErrorFor(meaning);
    if (key) return { kind: 'code-error', key };
    if (meaning === 'reference-invalid') return { kind: 'code-error', key: 'verifyCodeExpired' };
    const unexplained = isProviderError(error) && error.kind === 'rejected' && meaning === undefined && (error.status ?? 0) >= 400 && (error.status ?? 0) < 500;
    if (!unexplained) throw error;
    log.warn(
      { event: 'verify.code-unexplained', code: error.code, status: error.status },
      'confirmation code refused with an unknown code: read as a wrong code',
    );
    return { kind: 'code-error', key: 'mfaCodeInvalid' };
  }
}
