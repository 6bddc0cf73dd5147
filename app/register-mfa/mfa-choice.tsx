import { getLocale, getTranslations } from 'next-intl/server';
import { getConfig } from '@/lib/config';
import { failToErrorPage } from '@/lib/errors';
import { optionLabelKey, selectMfaStart, type MfaStart } from '@/lib/flows/mfa';
import { stepUrl } from '@/lib/flows/step-urls';
import { resolveRedirectUrl } from '@/lib/provider/urls';
import { translateErrors } from '@/lib/i18n/errors';
import { getConfiguredMethods } from '@/lib/provider/verification';
import { MfaStartForm } from '../_components/mfa-start-form';

const START_TEXT = { EMAIL: 'startEmail', SMS: 'startSms', TOTP: 'startTotp' } as const;

/** The options to choose from, or the one option about to start. */
export async function MfaChoice({ sub, requestId }: { sub: string; requestId: string }) {
  const [t, locale, errors] = await Promise.all([getTranslations('mfa'), getLocale(), translateErrors(['tooManySends'])]);
  let start: MfaStart;
  try {
    start = selectMfaStart(await getConfiguredMethods({ requestId, sub, locale }));
  } catch (error) {
    failToErrorPage(error, { step: 'mfa.list' }, stepUrl('/register-mfa', requestId));
  }
  const cancel = resolveRedirectUrl(getConfig().providerUrl, requestId);

  if (start.kind === 'single') {
    const { type } = start.option;
    return (
      <>
        <p className="description">{t(type in START_TEXT ? START_TEXT[type as keyof typeof START_TEXT] : 'startOther')}</p>
        <MfaStartForm
          requestId={requestId}
          options={[{ type, label: type === 'TOTP' ? t('continue') : t('send') }]}
          autoStart
          pendingLabel={t('sending')}
          errors={errors}
        />
      </>
    );
  }
  return (
    <>
      <p className="description">{t('optionsDescription')}</p>
      <MfaStartForm
        requestId={requestId}
        options={start.options.map((o) => ({ type: o.type, label: t(optionLabelKey(o.type)) }))}
        autoStart={false}
        pendingLabel={t('sending')}
        errors={errors}
      />
      <p className="links">
        <a href={cancel}>{t('cancel')}</a>
      </p>
    </>
  );
}
