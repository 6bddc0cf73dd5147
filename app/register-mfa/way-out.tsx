import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { StatusNotice } from '@/app/_components/status-notice';
import { getConfig } from '@/lib/config';
import { stepUrl } from '@/lib/flows/step-urls';
import { resolveRedirectUrl } from '@/lib/provider/urls';
import { AddMethodForm } from './another/add-method-form';

/**
 * The ways on from a second factor that does not work for the person (a code that never came, a
 * phone that is lost, a request declined): another method where there is one, another account
 * (back to the tenant's login for this sign-in), another method to set up once this one has
 * confirmed the person, and whom to ask (SUPPORT_URL, SUPPORT_EMAIL).
 * On every code and push page, so a single-method account is never left with the Back button.
 */
export async function WayOut({
  requestId,
  otherMethods,
  addMethod,
}: {
  requestId: string;
  otherMethods: boolean;
  addMethod: { back: string; planned: boolean; nothingSetUp?: boolean };
}) {
  const [t, tAccount] = await Promise.all([getTranslations('mfa'), getTranslations('accountUnavailable')]);
  const { providerUrl, support } = getConfig();
  const help = support.url ? support.url.toString() : support.email ? `mailto:${support.email}` : undefined;
  return (
    <>
      {addMethod.planned ? <StatusNotice>{t('anotherAfter')}</StatusNotice> : null}
      <ul className="links way-out">
        {otherMethods ? (
          <li>
            <Link href={stepUrl('/register-mfa', requestId, { view: 'options' })}>{t('chooseAnother')}</Link>
          </li>
        ) : null}
        {addMethod.planned ? null : (
          <li>
            <AddMethodForm requestId={requestId} back={addMethod.back} label={t(addMethod.nothingSetUp ? 'setUpMethod' : 'setUpAnother')} />
          </li>
        )}
        <li>
          <a href={resolveRedirectUrl(providerUrl, requestId)}>{tAccount('otherAccount')}</a>
        </li>
        {help ? (
          <li>
            <a href={help}>{tAccount('supportLink')}</a>
          </li>
        ) : null}
      </ul>
    </>
  );
}
