import 'server-only';
import { readCurrentVersion } from '../provider/consent';
import { readPendingConsent } from '../provider/prelogin';

/**
 * Whether a consent entry names what the tenant's pending consent step asks (docs/provider-
 * contract.md §2.17). The address is the person's to edit: an older version, already accepted,
 * put there would be "accepted" again (204) and complete the sign-in while the current one is
 * never accepted (security review, issue 43). The track's metadata names the consent and version
 * it asks where the tenant says; else the consent's current version (its version details). Where
 * neither says, the address's is taken, as the tenant's own page would.
 */
export async function namesPendingVersion(entry: {
  requestId: string;
  trackId: string;
  consent: { consentId: string; versionId: string };
  locale: string;
}): Promise<boolean> {
  const { consentId, versionId } = entry.consent;
  const pending = await readPendingConsent({ trackId: entry.trackId, locale: entry.locale });
  // A track the provider no longer knows: the binding says so (the expired page).
  if (pending.kind === 'gone') return true;
  if (pending.consentId !== undefined && pending.consentId !== consentId) return false;
  const current = pending.versionId ?? (await readCurrentVersion({ consentId, locale: entry.locale, requestId: entry.requestId }));
  return current === undefined || current === versionId;
}
