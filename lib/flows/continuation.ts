import type { Continuation } from '../session-types';

/**
 * The last step of a flow is a form POST by the browser to the provider, which sets the
 * provider's own session cookie and answers 302 to the client's redirect_uri with a code
 * (docs/provider-contract.md §2.6, §2.9). This builds that form from the flow session.
 */
export type ContinuationForm = { action: string; fields: Array<[name: string, value: string]> };

/** The step that has just succeeded, with what the provider needs to finish it. */
export type Finished =
  | { step: 'password'; sub: string; statusId: string; exchangeId?: string }
  | { step: 'passkey'; sub: string; statusId: string; exchangeId: string }
  | { step: 'group'; trackId: string; sub: string; groupId: string }
  /** The tenant's suggestion to set up a method, answered (a passkey created, or skipped). */
  | { step: 'suggestion'; trackId: string; sub: string }
  /** The terms or consent version the tenant asked for, accepted (docs/provider-contract.md §2.17). */
  | { step: 'consent'; trackId: string; sub: string }
  /** The missing profile fields saved (login case): the precheck continue, as after login_success. */
  | { step: 'missing-fields'; trackId: string; sub: string }
  | { step: 'second-factor'; trackId: string; sub: string; statusId: string; verificationType: string; groupId?: string };

/**
 * The continuation a finished step leaves in the flow for /continue, built here for every step:
 * after the password or a passkey, the verification login; after the group selection or a second factor, the
 * precheck continue of the provider's track (with the chosen group, when one was chosen).
 */
export function continuationAfter(finished: Finished): Continuation {
  switch (finished.step) {
    case 'password':
      return { target: 'verification-login', statusId: finished.statusId, sub: finished.sub, verificationType: 'password', exchangeId: finished.exchangeId };
    // docs/provider-contract.md §2.13: a passkey sign-in finishes like the password, as FIDO2.
    case 'passkey':
      return { target: 'verification-login', statusId: finished.statusId, sub: finished.sub, verificationType: 'FIDO2', exchangeId: finished.exchangeId };
    case 'group':
      return { target: 'precheck-continue', trackId: finished.trackId, sub: finished.sub, selectedGroupId: finished.groupId };
    // Like login_success (docs/provider-contract.md §2.9, §2.13): the track, the request, the subject.
    case 'suggestion':
    case 'consent':
    case 'missing-fields':
      return { target: 'precheck-continue', trackId: finished.trackId, sub: finished.sub };
    case 'second-factor':
      return {
        target: 'precheck-continue',
        trackId: finished.trackId,
        statusId: finished.statusId,
        sub: finished.sub,
        verificationType: finished.verificationType,
        selectedGroupId: finished.groupId,
      };
  }
}

export function continuationForm(args: { providerUrl: URL; requestId: string; rememberMe: boolean; continuation: Continuation }): ContinuationForm {
  const { continuation: c } = args;
  switch (c.target) {
    case 'verification-login':
      return {
        action: new URL('/login-srv/verification/login', args.providerUrl).toString(),
        fields: [
          ['requestId', args.requestId],
          ['sub', c.sub],
          ['status_id', c.statusId],
          ['verificationType', c.verificationType],
          ...(c.exchangeId ? ([['exchange_id', c.exchangeId]] as Array<[string, string]>) : []),
          ['rememberMe', String(args.rememberMe)],
        ],
      };
    case 'after-register':
      return afterRegisterForm(args.providerUrl, c.trackId);
    case 'precheck-continue': {
      // docs/provider-contract.md §2.9: after a second factor status_id, track_id, requestId, sub
      // and verificationType; after the group selection the chosen group as well.
      const optional: Array<[string, string | undefined]> = [
        ['status_id', c.statusId],
        ['verificationType', c.verificationType],
        ['selectedGroupId', c.selectedGroupId || undefined],
      ];
      return {
        action: new URL(`/login-srv/precheck/continue/${encodeURIComponent(c.trackId)}`, args.providerUrl).toString(),
        fields: [
          ['track_id', c.trackId],
          ['requestId', args.requestId],
          ['sub', c.sub],
          ...optional.filter((field): field is [string, string] => field[1] !== undefined),
        ],
      };
    }
  }
}

/**
 * Automatic sign-in after registration or e-mail verification (docs/provider-contract.md §2.7): the
 * browser posts the provider's track id back to it (rememberMe, trackId, device_id).
 */
export function afterRegisterForm(providerUrl: URL, trackId: string): ContinuationForm {
  return {
    action: new URL(`/login-srv/login/handle/afterregister/${encodeURIComponent(trackId)}`, providerUrl).toString(),
    fields: [
      ['rememberMe', 'true'],
      ['trackId', trackId],
      ['device_id', ''],
    ],
  };
}
