import { getTranslations } from 'next-intl/server';
import { Frame } from '@/app/_components/frame';

/**
 * The register page of a client that takes no registrations here (docs/onboarding.md,
 * "Registration"): one whose tenant asks for a captcha, which this product does not render, or
 * one whose self-registration is off. Either way the way in is an invitation; the form is not
 * shown, so nobody fills it in to be refused at the end.
 */
export async function RegistrationClosed({ reason, signIn }: { reason: 'captcha' | 'invitationOnly'; signIn: string }) {
  const t = await getTranslations('registerClosed');
  return (
    <Frame title={t('title')} description={t(reason)}>
      <a className="button" href={signIn}>
        {t('back')}
      </a>
    </Frame>
  );
}

/** Why registration is closed on this client, if it is (the client information says so). */
export function closedReason(registration: { selfService: boolean | undefined; captcha: boolean }): 'captcha' | 'invitationOnly' | undefined {
  if (registration.selfService === false) return 'invitationOnly';
  return registration.captcha ? 'captcha' : undefined;
}
