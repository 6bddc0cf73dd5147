import { getLocale, getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { getConfig } from '@/lib/config';
import { failForRequest } from '@/lib/errors';
import { resolveGroupChoice, sortGroups } from '@/lib/flows/groups';
import { errorUrl, stepUrl } from '@/lib/flows/step-urls';
import { translateErrors } from '@/lib/i18n/errors';
import { wordSpace } from '@/lib/i18n/spacing';
import { template } from '@/lib/i18n/template';
import { getSelectableGroups, type PreloginGroups } from '@/lib/provider/prelogin';
import { resolveRedirectUrl } from '@/lib/provider/urls';
import { rememberedGroup } from '@/lib/remembered';
import { GroupForm } from './group-form';
import { GroupSignIn } from './group-sign-in';

type Props = { trackId: string; requestId: string; requestedId?: string };

/** The groups of the track, loaded while the skeleton shows; then the list, or sign-in at once. */
export async function GroupChoice({ trackId, requestId, requestedId }: Props) {
  const locale = await getLocale();
  let loaded: PreloginGroups;
  try {
    loaded = await getSelectableGroups({ trackId, locale });
  } catch (error) {
    failForRequest(error, { step: 'groups.list' }, stepUrl('/group-selection', requestId));
  }
  // The track was used, is older than about an hour, or never existed.
  if (loaded.kind === 'gone') redirect(errorUrl('expired', requestId));
  if (loaded.groups.length === 0) failForRequest(new Error('no selectable groups'), { step: 'groups.list' });

  const [t, tAccount, errors, remembered] = await Promise.all([
    getTranslations('groups'),
    getTranslations('accountUnavailable'),
    translateErrors(['groupRequired', 'groupNotFound']),
    rememberedGroup.read(),
  ]);
  const groups = sortGroups(loaded.groups, locale);
  const choice = resolveGroupChoice({ groups, requestedId, rememberedId: remembered });
  if (choice.kind === 'sign-in') {
    const labels = { signingIn: t('signingInWith', { group: choice.group.name }), continue: t('continue'), pending: t('pending') };
    return <GroupSignIn requestId={requestId} groupId={choice.group.id} labels={labels} />;
  }

  return (
    <>
      <GroupForm
        requestId={requestId}
        groups={groups}
        preselectedId={choice.preselectedId}
        initialError={choice.error}
        forgetRemembered={choice.forgetRemembered}
        labels={{
          label: t('label'),
          placeholder: t('placeholder'),
          hint: t('searchHint'),
          showAll: t('showAll'),
          found: template(t, 'found', 'count'),
          none: t('none'),
          customerNumber: template(t, 'customerNumber', 'number'),
          login: t('login'),
          pending: t('pending'),
          cancel: t('cancel'),
        }}
        errors={errors}
      />
      {/* The groups are the account's: the way to another account leaves this sign-in for the tenant's
          login, as on the other screens (app/register-mfa/way-out.tsx). */}
      <p className="links">
        <span>
          {t('notYou')}
          {wordSpace(t('notYou'), tAccount('otherAccount'))}
          <a href={resolveRedirectUrl(getConfig().providerUrl, requestId)}>{tAccount('otherAccount')}</a>
        </span>
      </p>
    </>
  );
}
