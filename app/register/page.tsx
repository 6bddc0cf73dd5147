import { getLocale, getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { Frame } from '@/app/_components/frame';
import { getConfig } from '@/lib/config';
import { failForRequest } from '@/lib/errors';
import { readInvitationLimited, readRegistrationSetup } from '@/lib/flows/register-page';
import { errorUrl, stepUrl } from '@/lib/flows/step-urls';
import { translateErrors } from '@/lib/i18n/errors';
import { wordSpace } from '@/lib/i18n/spacing';
import { typeset } from '@/lib/i18n/typeset';
import type { Invitation } from '@/lib/provider/invitations';
import { resolveRedirectUrl } from '@/lib/provider/urls';
import { rememberedEmail } from '@/lib/remembered';
import { readFlow } from '@/lib/session';
import { parseRequestId } from '@/lib/validation/fields';
import { phoneForm } from '@/lib/validation/phone';
import { inputFields, withPasswordPolicy } from '@/lib/validation/registration-fields';
import { REGISTRATION_ERRORS, registrationLabels } from './form-labels';
import { InvitationRefused } from './invitation-refused';
import { RegisterBusy } from './register-busy';
import { closedReason, RegistrationClosed } from './registration-closed';
import { RegistrationForm } from './registration-form';

/**
 * The tenant's `register` page (docs/provider-contract.md, "Registration"): reached from the
 * e-mail step's "Register here" (or "register" in its "no account" message) with the same
 * requestId. The address typed there (kept in the flow or remembered) is filled in. Opened from an
 * invitation (its id in the flow, moved there by ./entry), the invitation's address is filled in
 * and locked, its other values filled in, and the inviting organisation named; an invitation that
 * cannot be used gets its own state of this page (docs/provider-contract.md §2.16). Its provider
 * reads are limited per client address (lib/flows/register-page.ts).
 */
export default async function RegisterPage({ searchParams }: PageProps<'/register'>) {
  const raw = (await searchParams).requestId;
  if (raw === undefined) redirect('/auth/start');
  const requestId = parseRequestId(raw);
  if (!requestId) redirect(errorUrl('invalid-request'));

  const locale = await getLocale();
  const failed = (page: string) => (e: unknown) => failForRequest(e, { page }, stepUrl('/register', requestId));
  const flow = await readFlow();
  const inviteId = flow?.requestId === requestId ? flow.invite : undefined;
  const login = resolveRedirectUrl(getConfig().providerUrl, requestId);
  let invitation: Invitation | undefined;
  if (inviteId) {
    const reading = await readInvitationLimited({ inviteId, requestId, locale }).catch(failed('register.invitation'));
    if (reading.kind === 'limited') return <RegisterBusy what="invitations" retryAfter={reading.retryAfter} />;
    if (reading.kind !== 'open') return <InvitationRefused reading={reading} requestId={requestId} signIn={login} />;
    invitation = reading.invitation;
  }
  const setup = await readRegistrationSetup({ requestId, locale }).catch(failed('register'));
  if (setup.kind === 'limited') return <RegisterBusy what="pages" retryAfter={setup.retryAfter} />;
  const { fields, client } = setup;

  const [t, tInvitation, errors, remembered] = await Promise.all([
    getTranslations('register'),
    getTranslations('invitation'),
    translateErrors(REGISTRATION_ERRORS),
    rememberedEmail.read(),
  ]);
  // Closed to self-registration: an invitation is the way in; a captcha closes it to invitations too.
  const closed = closedReason(client.registration);
  const asked = withPasswordPolicy(inputFields(fields), client.passwordPolicy);
  if (closed === 'captcha' || (closed === 'invitationOnly' && !invitation))
    return <RegistrationClosed reason={closed} signIn={login} clientName={client.displayName} />;
  const phone = phoneForm(asked, locale, invitation?.prefill);
  const invited = invitation
    ? invitation.organisation
      ? tInvitation('invitedBy', { organisation: invitation.organisation })
      : tInvitation('invited')
    : undefined;

  return (
    <Frame
      title={t('title')}
      description={
        invited ? (
          // Two messages, each typeset on its own, with the space (or none, after 。) between them.
          <>
            {typeset(invited, locale)}
            {wordSpace(invited, t('description'))}
            {typeset(t('description'), locale)}
          </>
        ) : (
          t('description')
        )
      }
      // The application's name from the first view on ("Sign in to continue to …"): the page has it.
      clientName={client.displayName}
      focus="form"
    >
      <RegistrationForm
        requestId={requestId}
        fields={asked}
        invitation={invitation && { lockedEmail: invitation.email, prefill: phone?.known ?? invitation.prefill, lockedHint: tInvitation('emailLocked') }}
        phone={phone?.choices}
        defaultEmail={(flow?.requestId === requestId ? (flow.registerEmail ?? flow.email) : undefined) ?? remembered}
        existsLinks={{ signIn: login, reset: stepUrl('/reset-password-init', requestId) }}
        errors={errors}
        labels={await registrationLabels(asked, { submit: t('submit'), pending: t('pending') })}
      />
      <p className="links">
        {t('haveAccount')}
        {wordSpace(t('haveAccount'), t('signIn'))}
        <a href={login}>{t('signIn')}</a>
      </p>
    </Frame>
  );
}
