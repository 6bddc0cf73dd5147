import type { ConsentRef, FlowSession, Precheck } from '../session-types';

/** The flow of a sign-in at the tenant's consent step: its account, its track and the consent version. */
export type ConsentFlow = FlowSession & { sub: string; precheck: Precheck & { kind: 'consent'; consent: ConsentRef } };

export const withConsent = (f: FlowSession): f is ConsentFlow => Boolean(f.sub && f.precheck?.kind === 'consent' && f.precheck.consent);
