import { describe, expect, test } from 'vitest';
import {
  additionalInfoEntry,
  consentEntry,
  errorEntry,
  groupSelectionEntry,
  invitationEntry,
  inviteIdOf,
  loginEntry,
  loginSuccessEntry,
  mfaEntry,
  passwordSetEntry,
  passwordSetSuccessEntry,
  queryOf,
  verificationCompleteEntry,
  verificationSignInEntry,
} from '@/lib/flows/entry-params';

/** The query each hosted page receives (docs/provider-contract.md §4), read leniently and checked. */
const q = (text: string) => queryOf(new URLSearchParams(text));
const RID = '3f2c9a1e-0000-4000-8000-000000000001';
const TID = '3f2c9a1e-0000-4000-8000-000000000002';
const SUB = '3f2c9a1e-0000-4000-8000-000000000003';

describe('login', () => {
  test('what the authorization answer appends: requestId, view_type, groupname, lang', () => {
    expect(loginEntry(q(`groupname=default&lang=&view_type=login&requestId=${RID}`))).toMatchObject({ requestId: RID, rawRequestId: RID, error: undefined });
  });

  test('after a refused sign-in: the error, the address tried and the subject (q when sub is missing)', () => {
    const entry = loginEntry(
      q(
        `requestId=${RID}&error=invalid_username_password&error_description=Given+username+or+password+is+invalid&username=Anna%40example.com&username_type=email&q=${SUB}`,
      ),
    );
    expect(entry).toEqual({ requestId: RID, rawRequestId: RID, error: 'invalid_username_password', username: 'Anna@example.com', sub: SUB });
  });

  test('a username that is not an e-mail address, or an error that is not a token, is dropped', () => {
    const entry = loginEntry(q(`requestId=${RID}&error=<script>&username=not%20an%20email`));
    expect(entry.error).toBeUndefined();
    expect(entry.username).toBeUndefined();
  });

  test('a malformed requestId is told apart from a missing one; request_id is accepted', () => {
    expect(loginEntry(q('requestId=../x'))).toMatchObject({ requestId: undefined, rawRequestId: '../x' });
    expect(loginEntry(q(''))).toMatchObject({ rawRequestId: undefined });
    expect(loginEntry(q(`request_id=${RID}`)).requestId).toBe(RID);
  });

  test('a repeated parameter counts as absent (no array reaches the page)', () => {
    expect(loginEntry({ requestId: [RID, RID] }).requestId).toBeUndefined();
  });
});

describe('register_additional_info', () => {
  test('track_id and/or trackId (both spellings), requestId when the provider adds it; no subject needed', () => {
    expect(additionalInfoEntry(q(`track_id=${TID}&trackId=${TID}`))).toEqual({ trackId: TID, requestId: undefined });
    expect(additionalInfoEntry(q(`trackId=${TID}&requestId=${RID}`))).toEqual({ trackId: TID, requestId: RID });
    expect(additionalInfoEntry(q(`track_id=${TID}&request_id=${RID}`))).toEqual({ trackId: TID, requestId: RID });
    expect(additionalInfoEntry(q(`requestId=${RID}`))).toBeUndefined();
    expect(additionalInfoEntry(q(`track_id=not%20an%20id&requestId=${RID}`))).toBeUndefined();
  });
});

describe('mfa_required and group_selection', () => {
  test('track_id or trackId, sub or q, requestId', () => {
    expect(mfaEntry(q(`track_id=${TID}&sub=${SUB}&q=${SUB}&requestId=${RID}`))).toEqual({ trackId: TID, sub: SUB, requestId: RID });
    expect(mfaEntry(q(`trackId=${TID}&q=${SUB}&request_id=${RID}`))).toEqual({ trackId: TID, sub: SUB, requestId: RID });
    expect(mfaEntry(q(`track_id=${TID}&requestId=${RID}`))).toBeUndefined();
  });

  test('the query form of group_selection keeps the group hint as given (checked later)', () => {
    expect(groupSelectionEntry(q(`track_id=${TID}&sub=${SUB}&requestId=${RID}&group_id=kitchenpro-north`))).toEqual({
      trackId: TID,
      sub: SUB,
      requestId: RID,
      groupId: 'kitchenpro-north',
    });
    expect(groupSelectionEntry(q(`track_id=${TID}&sub=${SUB}`))).toBeUndefined();
  });

  test('a group hint that cannot be an id (too long, other characters) is kept as "" (not offered), never as given', () => {
    const base = `track_id=${TID}&sub=${SUB}&requestId=${RID}`;
    for (const hint of ['x'.repeat(65), encodeURIComponent('<script>'), encodeURIComponent('a b')]) {
      expect(groupSelectionEntry(q(`${base}&group_id=${hint}`))).toEqual({ trackId: TID, sub: SUB, requestId: RID, groupId: '' });
    }
    expect(groupSelectionEntry(q(`${base}&group_id=a&group_id=b`))?.groupId).toBeUndefined();
    expect(groupSelectionEntry(q(`${base}&group_id=${'x'.repeat(64)}`))?.groupId).toHaveLength(64);
  });
});

describe('password_set and password_set_success', () => {
  test('exchangeid (docs) and exchangeId (example pages) both work', () => {
    const lower = passwordSetEntry(q(`requestId=${RID}&rprq=${TID}&exchangeid=${SUB}&resetMedium=email`));
    const camel = passwordSetEntry(q(`requestId=${RID}&rprq=${TID}&exchangeId=${SUB}`));
    expect(lower).toEqual({ requestId: RID, rprq: TID, exchangeId: SUB, errorCode: undefined });
    expect(camel).toEqual(lower);
  });

  test('after a refusal the error_code is read (and wins over the error text)', () => {
    expect(passwordSetEntry(q(`requestId=${RID}&rprq=${TID}&exchangeid=${SUB}&error=Bad+Request&error_code=VER_0120`))?.errorCode).toBe('VER_0120');
    expect(passwordSetEntry(q(`requestId=${RID}&rprq=${TID}&error=invalid_request&error_code=VER_0007`))).toEqual({
      requestId: RID,
      rprq: TID,
      exchangeId: undefined,
      errorCode: 'VER_0007',
    });
  });

  test('without an exchange id and without an error there is nothing to act on', () => {
    expect(passwordSetEntry(q(`requestId=${RID}&rprq=${TID}`))).toBeUndefined();
  });

  test('password_set_success names requestId, suggested_action and trackId (camelCase)', () => {
    expect(passwordSetSuccessEntry(q(`requestId=${RID}&suggested_action=LOGIN&trackId=${TID}`))).toEqual({
      requestId: RID,
      suggestedAction: 'LOGIN',
      trackId: TID,
    });
  });
});

describe('verification_complete, login_success, error', () => {
  test('verification_complete: accvid, masked address, processing type', () => {
    expect(verificationCompleteEntry(q(`accvid=${TID}&email=j***%40example.com&mobile=&processingType=CODE&requestId=${RID}&type=email`))).toEqual({
      accvid: TID,
      requestId: RID,
      byCode: true,
      destination: 'j***@example.com',
    });
    expect(verificationCompleteEntry(q(`accvid=${TID}&processingType=LINK&requestId=${RID}&email=%3Cb%3E`))?.destination).toBeUndefined();
  });

  test('verification_complete after a confirmed link: the track only with suggested_action=LOGIN', () => {
    expect(verificationSignInEntry(q(`requestId=${RID}&suggested_action=LOGIN&trackId=${TID}`))).toEqual({ requestId: RID, trackId: TID });
    expect(verificationSignInEntry(q(`requestId=${RID}&suggested_action=LOGIN&track_id=${TID}`))).toEqual({ requestId: RID, trackId: TID });
    expect(verificationSignInEntry(q(`requestId=${RID}&suggested_action=NONE&trackId=${TID}`))).toEqual({ requestId: RID, trackId: undefined });
    expect(verificationSignInEntry(q(`requestId=${RID}&suggested_action=LOGIN&trackId=a%20b`))).toEqual({ requestId: RID, trackId: undefined });
    expect(verificationSignInEntry(q(`suggested_action=LOGIN&trackId=${TID}`))).toBeUndefined();
  });

  test('login_success: track_id, requestId, sub', () => {
    expect(loginSuccessEntry(q(`track_id=${TID}&requestId=${RID}&sub=${SUB}`))).toEqual({ trackId: TID, requestId: RID, sub: SUB });
  });

  test('error: the code and name are tokens; the description is kept short, for the log only', () => {
    const entry = errorEntry(q(`error=access_denied&error_code=403&error_description=${'x'.repeat(500)}&requestId=${RID}`));
    expect(entry).toMatchObject({ error: 'access_denied', errorCode: '403', requestId: RID });
    expect(entry.description).toHaveLength(300);
  });
});

describe('register from an invitation', () => {
  const INV = '3f2c9a1e-0000-4000-8000-000000000004';
  test('invite_id or inviteId, with the request', () => {
    expect(invitationEntry(q(`requestId=${RID}&invite_id=${INV}&view_type=register`))).toEqual({ requestId: RID, inviteId: INV });
    expect(invitationEntry(q(`requestId=${RID}&inviteId=${INV}`))).toEqual({ requestId: RID, inviteId: INV });
    expect(inviteIdOf(q(`inviteId=${INV}`))).toBe(INV);
  });
  test('without the request, or with an id that cannot be one: none', () => {
    expect(invitationEntry(q(`invite_id=${INV}`))).toBeUndefined();
    expect(invitationEntry(q(`requestId=${RID}&invite_id=%3Cscript%3E`))).toBeUndefined();
    expect(invitationEntry(q(`requestId=${RID}&invite_id=a&invite_id=b`))).toBeUndefined();
    expect(inviteIdOf(q('invite_id=x y'))).toBeUndefined();
  });
});

describe('consent_preview', () => {
  const base = `track_id=${TID}&requestId=${RID}&consent_id=portal-terms&consent_version_id=v-2`;
  test('the track, the account, the request, the consent version and the client', () => {
    expect(consentEntry(q(`${base}&sub=${SUB}&client_id=sales-portal`))).toEqual({
      trackId: TID,
      requestId: RID,
      sub: SUB,
      consent: { consentId: 'portal-terms', versionId: 'v-2', clientId: 'sales-portal' },
    });
  });

  test('the masked account alone (q) is marked, to be sent back as q; a client id that is no id is left out', () => {
    expect(consentEntry(q(`${base}&q=${SUB}&client_id=<script>`))).toEqual({
      trackId: TID,
      requestId: RID,
      sub: SUB,
      consent: { consentId: 'portal-terms', versionId: 'v-2', masked: true },
    });
  });

  test.each([
    ['no consent id', `track_id=${TID}&requestId=${RID}&consent_version_id=v-2&sub=${SUB}`],
    ['no version', `track_id=${TID}&requestId=${RID}&consent_id=c&sub=${SUB}`],
    ['a consent id that is no id', `${base.replace('portal-terms', 'a%20b')}&sub=${SUB}`],
    ['no account', base],
    ['no track', `requestId=${RID}&consent_id=c&consent_version_id=v&sub=${SUB}`],
  ])('%s: not an entry', (_name, query) => {
    expect(consentEntry(q(query))).toBeUndefined();
  });
});
