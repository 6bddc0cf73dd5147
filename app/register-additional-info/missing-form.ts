import 'server-only';
import { getMissingFields } from '@/lib/provider/prelogin';
import { readTrackInfo } from '@/lib/provider/progressive';
import { readRegistrationFields } from '@/lib/provider/registration';
import type { FlowSession, Precheck } from '@/lib/session-types';
import { repeatOf, type RegistrationField } from '@/lib/validation/registration-fields';

/** A flow at the missing profile fields: a login's (with its account) or a newcomer's (without one). */
export type MissingFieldsFlow = FlowSession & { precheck: Precheck & { kind: 'missing-fields' } };
export const withMissingFields = (f: FlowSession): f is MissingFieldsFlow =>
  f.precheck?.kind === 'missing-fields' && (Boolean(f.sub) || f.precheck.newcomer === true);

export type MissingForm =
  | {
      kind: 'form';
      fields: RegistrationField[];
      defaults: Record<string, string>;
      /** Who is signing in, where the provider says: the address, and the identity provider's name (`google`). */
      who: { email?: string; provider?: string };
    }
  | { kind: 'gone' };

/**
 * What the page asks (docs/provider-contract.md §2.18): only the fields the provider names as
 * missing, rendered as the tenant's registration renders them (its field list for the request),
 * each required, since the provider asks for it now. A missing key the list does not describe is
 * asked as text; a password is never asked here (the person signed in without one, or has one).
 * Values the provider already knows of the person fill the fields in. A tenant without trackinfo
 * (the older generation) leaves the newcomer's missing fields to the list: every required one.
 */
export async function missingForm(flow: MissingFieldsFlow, locale: string): Promise<MissingForm> {
  const { requestId } = flow;
  const { trackId, newcomer } = flow.precheck;
  const [missing, list] = await Promise.all([
    newcomer ? readTrackInfo({ requestId, trackId, locale }) : getMissingFields({ trackId, locale }),
    readRegistrationFields({ requestId, locale }),
  ]);
  if (missing.kind === 'gone') return { kind: 'gone' };
  // Without trackinfo the newcomer is asked every required field of the list.
  const keys = missing.kind === 'unserved' ? list.filter((f) => f.required && !f.readOnly).map((f) => f.key) : missing.fields;
  const identity = missing.kind === 'unserved' ? {} : missing.identity;
  const fields = keys.flatMap((key): RegistrationField[] => {
    const known = list.find((f) => f.key === key);
    if (known && (known.type === 'PASSWORD' || repeatOf(known))) return [];
    return [known ? { ...known, required: true, readOnly: false } : { key, type: 'TEXT', custom: false, required: true, readOnly: false, options: [] }];
  });
  const defaults = Object.fromEntries(fields.flatMap((f) => (identity[f.key] ? [[f.key, identity[f.key]]] : [])));
  return { kind: 'form', fields, defaults, who: { email: identity.email, provider: identity.provider?.toLowerCase() } };
}
