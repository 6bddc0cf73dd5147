import { getLocale, getTranslations } from 'next-intl/server';
import { Reference } from '@/app/_components/form-error';
import { Frame } from '@/app/_components/frame';
import { getConfig } from '@/lib/config';
import { newReferenceId, verifyOutage } from '@/lib/errors';
import { errorEntry } from '@/lib/flows/entry-params';
import { requestKnown } from '@/lib/flows/first-page';
import type { ErrorReason } from '@/lib/flows/step-urls';
import { log } from '@/lib/log';
import { meaningAnywhere } from '@/lib/provider/error-codes';
import { resolveRedirectUrl } from '@/lib/provider/urls';
import { localPath } from '@/lib/redirects';
import { answerWith } from '@/lib/request-context';
import { readFlow } from '@/lib/session';
import { readUserSession } from '@/lib/user-session';
import { parseRequestId } from '@/lib/validation/fields';

const REFERENCE = /^[A-F0-9]{10}$/;
const REASONS: readonly ErrorReason[] = ['expired', 'replaced', 'invalid-request', 'sign-in-again'];

/**
 * The one error screen: a short explanation, a reference for support, and a way back. It is also
 * the tenant's `error` hosted page (error, error_description, error_code; docs/provider-contract.md
 * §4): the provider's words are never shown (not translated, not ours to vouch for); they go to
 * the log under the reference the page shows.
 */
export default async function ErrorPage({ searchParams }: PageProps<'/error'>) {
  const params = await searchParams;
  const [t, tNotice, flow, userSession, locale] = await Promise.all([
    getTranslations('error'),
    getTranslations('notices'),
    readFlow(),
    readUserSession(),
    getLocale(),
  ]);
  const provider = errorEntry(params);
  // A provider error that says an id we passed on is unknown, expired or used reads as "expired".
  const reason: ErrorReason | undefined =
    REASONS.find((r) => r === params.reason) ?? (meaningAnywhere(provider.errorCode) === 'reference-invalid' ? 'expired' : undefined);
  const fromProvider = provider.error !== undefined || provider.errorCode !== undefined;
  let ref = typeof params.ref === 'string' && REFERENCE.test(params.ref) ? params.ref : undefined;
  // 5xx only for a failure this deployment recorded (a signed value), never for a typed address.
  const outage = ref ? verifyOutage(ref, params.outage) : undefined;
  if (outage) answerWith(outage);
  if (!ref && fromProvider) {
    ref = newReferenceId();
    log.warn(
      { ref, event: 'provider-error-page', error: provider.error, errorCode: provider.errorCode, description: provider.description },
      'the provider sent the browser to the error page',
    );
  }
  // Back to the provider's login for the same request keeps the client's context.
  const requestId = parseRequestId(params.requestId) ?? provider.requestId ?? flow?.requestId;
  // No sign-in here, and this deployment's own has finished (Back from the application): say so.
  const finished = reason === 'expired' && !flow && Boolean(userSession.user);
  // A request the provider no longer knows cannot start again there: a fresh sign-in of our own.
  const dead = reason === 'expired' && !finished && requestId !== undefined && (await requestKnown(requestId, locale)) === false;
  // The deployment's own session ended: a fresh sign-in of our own, not the provider's request.
  const back = finished
    ? '/success'
    : reason === 'sign-in-again' || dead
      ? '/auth/start'
      : requestId
        ? resolveRedirectUrl(getConfig().providerUrl, requestId)
        : '/';

  // The provider did not answer (a signed 503/504): say so. A failure this deployment recorded
  // offers the step it happened on again, where there is one (the page is loaded, nothing is sent).
  const unavailable = outage === 503 || outage === 504;
  const retry = outage && typeof params.retry === 'string' ? localPath(params.retry) : undefined;

  const texts = unavailable
    ? { title: t('unavailableTitle'), description: t('unavailableDescription'), back: t('tryAgain') }
    : finished
      ? { title: t('finishedTitle'), description: t('finishedDescription'), back: t('continue') }
      : reason === 'expired'
        ? { title: t('expiredTitle'), description: t('expiredDescription'), back: dead ? t('signInAgain') : t('startAgain') }
        : reason === 'replaced'
          ? { title: t('replacedTitle'), description: t('replacedDescription'), back: t('startAgain') }
          : reason === 'invalid-request'
            ? { title: t('invalidRequestTitle'), description: t('invalidRequestDescription'), back: t('back') }
            : reason === 'sign-in-again'
              ? { title: t('signInAgainTitle'), description: t('signInAgainDescription'), back: t('signInAgain') }
              : provider.error === 'access_denied'
                ? { title: t('title'), description: tNotice('accessDenied'), back: t('back') }
                : // "Quote the reference below" only where there is one.
                  { title: t('title'), description: ref ? t('description') : t('descriptionNoReference'), back: t('back') };
  return (
    // The client's name only where the provider answers (the lookup is a provider call) and the
    // sign-in is the provider's, not this deployment's own.
    <Frame title={texts.title} description={texts.description} requestId={unavailable || reason === 'sign-in-again' || finished || dead ? null : requestId}>
      {ref ? <Reference value={ref} /> : null}
      {retry ? (
        <>
          <a className="button" href={retry}>
            {t('tryAgain')}
          </a>
          {unavailable ? null : (
            <p className="links">
              <a href={back}>{texts.back}</a>
            </p>
          )}
        </>
      ) : (
        <a className="button" href={back}>
          {texts.back}
        </a>
      )}
    </Frame>
  );
}
