import { getLocale, getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { Frame } from '@/app/_components/frame';
import { methodChoices, recommendedOf } from '@/app/setup-passkey/introduction';
import { OtherMethods } from '@/app/setup-passkey/other-methods';
import { getConfig } from '@/lib/config';
import { requireFlow, withPrecheck } from '@/lib/flows/flow-guard';
import { SETUP_METHODS, SETUP_PAGES } from '@/lib/flows/mfa-setup';
import { stepUrl } from '@/lib/flows/step-urls';
import { translateErrors } from '@/lib/i18n/errors';
import { log } from '@/lib/log';
import { getClientName } from '@/lib/provider/client-name';
import { getConfiguredMethods } from '@/lib/provider/verification';

/**
 * "Set up another method", once a current method has confirmed the person: the methods this
 * product sets up that the account does not have yet, and Continue for those who change their mind.
 */
export default async function AnotherMethodPage({ searchParams }: PageProps<'/register-mfa/another'>) {
  const flow = await requireFlow((await searchParams).requestId, withPrecheck('mfa'));
  const { requestId } = flow;
  if (!flow.addMethod?.proven || !flow.continuation) redirect(stepUrl('/register-mfa', requestId));
  if (flow.setupDone) redirect(stepUrl(SETUP_PAGES[flow.setupDone], requestId));
  const locale = await getLocale();
  const [t, tSetup, errors, clientName, configured] = await Promise.all([
    getTranslations('mfa'),
    getTranslations('mfaSetup'),
    translateErrors(['setupUnavailable', 'setupAlreadyConfigured']),
    getClientName(requestId, locale),
    configuredTypes(flow.sub, requestId, locale),
  ]);
  // The method the tenant wanted set up first comes first, listed or not (a phone not paired yet is listed).
  const { wanted } = flow.addMethod;
  const offered = [...(wanted ? [wanted] : []), ...SETUP_METHODS.filter((m) => m !== wanted && !configured.has(m))];
  const methods = methodChoices(offered, tSetup, getConfig().pushApp.name);
  return (
    <Frame title={t('anotherTitle')} description={t('anotherDescription')} clientName={clientName}>
      <OtherMethods
        requestId={requestId}
        title={tSetup('otherMethods')}
        methods={methods}
        recommended={wanted ?? recommendedOf(offered)}
        recommendedLabel={wanted ? undefined : tSetup('recommended')}
        errors={errors}
      />
      <p className="links">
        <a href={stepUrl('/continue', requestId)}>{t('continueWithout')}</a>
      </p>
    </Frame>
  );
}

/** The methods the account has; when they cannot be read, none (the tenant refuses one already set up). */
async function configuredTypes(sub: string, requestId: string, locale: string): Promise<Set<string>> {
  try {
    return new Set((await getConfiguredMethods({ requestId, sub, locale })).map((m) => m.type));
  } catch (error) {
    log.warn({ event: 'configured-methods-unread', reason: error instanceof Error ? error.name : 'unknown' }, 'configured methods not read');
    return new Set();
  }
}
