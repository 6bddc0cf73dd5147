import { getTranslations } from 'next-intl/server';
import { AutoSubmit } from '@/app/_components/auto-submit';
import { Frame } from '@/app/_components/frame';
import { getConfig } from '@/lib/config';
import { afterRegisterForm } from '@/lib/flows/continuation';
import { titleFrom } from '@/lib/i18n/metadata';
import { resolveRedirectUrl } from '@/lib/provider/urls';
import { parseRequestId } from '@/lib/validation/fields';

export const generateMetadata = titleFrom('verifyComplete');

/**
 * The address is confirmed. With suggested_action=LOGIN and a trackId the person is signed in at
 * once: the browser posts the track to the provider's after-register login (auto-submitted).
 */
export default async function VerifyCompletePage({ searchParams }: PageProps<'/verify-email-complete'>) {
  const params = await searchParams;
  const requestId = parseRequestId(params.requestId);
  const trackId = parseRequestId(params.trackId ?? params.track_id);
  const t = await getTranslations('verifyComplete');
  const config = getConfig();
  const back = requestId ? resolveRedirectUrl(config.providerUrl, requestId) : '/';

  if (params.suggested_action !== 'LOGIN' || !trackId) {
    return (
      <Frame title={t('title')} description={t('done')} requestId={requestId}>
        <a className="button" href={back}>
          {t('login')}
        </a>
      </Frame>
    );
  }
  const form = afterRegisterForm(config.providerUrl, trackId);
  return (
    <Frame title={t('title')} description={t('description')} requestId={requestId}>
      <form id="after-register" method="post" action={form.action}>
        {form.fields.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="actions">
          <button type="submit">{t('continue')}</button>
        </div>
      </form>
      <AutoSubmit formId="after-register" />
      <p className="links">
        <a href={back}>{t('cancel')}</a>
      </p>
    </Frame>
  );
}
