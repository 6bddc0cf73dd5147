import { getTranslations } from 'next-intl/server';
import { Frame } from '@/app/_components/frame';
import { getConfig } from '@/lib/config';

/**
 * The register page of a client that takes no registrations here (docs/onboarding.md,
 * "Registration"): one whose tenant asks for a captcha, which this product does not render, or
 * one whose self-registration is off. Either way the way in is an invitation; the form is not
 * shown, so nobody fills it in to be refused at the end. The captcha is this product's
 * limitation, not the customer's business: that page says only whom to ask (the brand's sales
 * contact, BRAND_NAME).
 */
export async function RegistrationClosed({ reason, signIn, clientName }: { reason: 'captcha' | 'invitationOnly'; signIn: string; clientName?: string }) {
  const t = await getTranslations('registerClosed');
  const brand = getConfig().brandName;
  const description = reason === 'invitationOnly' ? t('invitationOnly') : brand ? t('byInvitationFrom', { brand }) : t('byInvitation');
  return (
    <Frame title={t('title')} description={description} clientName={clientName}>
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
