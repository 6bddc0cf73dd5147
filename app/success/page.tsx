import { getLocale, getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { AutoSubmit } from '@/app/_components/auto-submit';
import { Frame } from '@/app/_components/frame';
import { ScriptAware } from '@/app/_components/script-aware';
import { needsRenewal } from '@/lib/auth/signed-in';
import { getConfig } from '@/lib/config';
import { groupNameIn } from '@/lib/flows/groups';
import { log } from '@/lib/log';
import { introspect } from '@/lib/provider/tokens';
import { rememberedGroup } from '@/lib/remembered';
import type { SignedInUser } from '@/lib/session-types';
import { readUserSession } from '@/lib/user-session';

/** This deployment's own signed-in page: who, for which group, sign-out and the profile link. */
export default async function SuccessPage() {
  const [{ user }, t, locale, shown] = await Promise.all([readUserSession(), getTranslations('success'), getLocale(), rememberedGroup.readShown()]);
  if (!user) redirect('/auth/start');
  // Due tokens are renewed; so is a token the provider no longer knows as active (the person
  // signed out elsewhere), and if that renewal is refused the session ends.
  if (needsRenewal(user) || !(await stillActive(user))) return <Renewal />;
  const { selfServiceUrl } = getConfig();
  const { profile } = user;
  return (
    <Frame title={t('title')} requestId={null}>
      <p>{t('signedInAs', { email: profile.email ?? profile.sub })}</p>
      {profile.group ? <p>{t('group', { group: groupNameIn(profile.group, locale, shown) })}</p> : null}
      <form method="post" action="/auth/sign-out" className="actions">
        <button type="submit">{t('signOut')}</button>
        {selfServiceUrl ? (
          <a className="button secondary" href={selfServiceUrl.toString()}>
            {t('profile')}
          </a>
        ) : null}
      </form>
    </Frame>
  );
}

/** Introspection of the access token; a token renewed seconds ago is not asked about again. */
async function stillActive(user: SignedInUser): Promise<boolean> {
  if (Date.now() / 1000 - user.issuedAt < 2) return true;
  try {
    return (await introspect(user.accessToken, 'access_token')).active;
  } catch (error) {
    // The page only displays; an unreachable provider must not sign anyone out.
    log.warn({ event: 'introspection-failed', reason: error instanceof Error ? error.name : 'unknown' }, 'introspection failed');
    return true;
  }
}

/**
 * Tokens due: renewal is a POST (a page cannot set cookies, and a GET that changes the session
 * could be set off by any other site), sent at once with JavaScript and by Continue without it.
 */
async function Renewal() {
  const [t, tContinue] = await Promise.all([getTranslations('success'), getTranslations('continue')]);
  return (
    <Frame title={t('renewingTitle')} requestId={null} description={<ScriptAware withScript={t('renewingDescription')} withoutScript={tContinue('hint')} />}>
      <form id="renew-form" method="post" action="/auth/renew">
        <input type="hidden" name="return" value="/success" />
        <div className="actions">
          <button type="submit">{tContinue('button')}</button>
        </div>
      </form>
      <AutoSubmit formId="renew-form" />
    </Frame>
  );
}
