import { getLocale, getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { Frame } from '@/app/_components/frame';
import { NewTabLink } from '@/app/_components/new-tab-link';
import { getConfig } from '@/lib/config';
import { failToErrorPage } from '@/lib/errors';
import { withConsent } from '@/lib/flows/consent';
import { requireFlow } from '@/lib/flows/flow-guard';
import { errorUrl, stepUrl } from '@/lib/flows/step-urls';
import { translateErrors } from '@/lib/i18n/errors';
import { getClientName } from '@/lib/provider/client-name';
import { readConsent, type ConsentLookup } from '@/lib/provider/consent';
import { ConsentForms } from './consent-forms';
import { linksInNewTab } from './new-tab-html';

/**
 * The tenant's `consent_preview` page (docs/provider-contract.md §2.17): the terms the person is
 * asked to accept during sign-in, as the tenant's consent service returns them (the text,
 * sanitised, and/or a link to it), with Accept and Decline. Accept records the acceptance and the
 * sign-in goes on; Decline says what that means, and nothing is signed in.
 */
export default async function ConsentPage({ searchParams }: PageProps<'/consent'>) {
  const flow = await requireFlow((await searchParams).requestId, withConsent);
  const { consent, trackId } = flow.precheck;
  const locale = await getLocale();
  let lookup: ConsentLookup;
  try {
    lookup = await readConsent({
      consentId: consent.consentId,
      versionId: consent.versionId,
      sub: flow.sub,
      masked: consent.masked,
      trackId,
      requestId: flow.requestId,
      clientId: consent.clientId ?? getConfig().clientId,
      locale,
    });
  } catch (error) {
    failToErrorPage(error, { step: 'consent.read' }, stepUrl('/consent', flow.requestId));
  }
  // The address named a consent or version the tenant does not know: not a link to follow.
  if (lookup.kind === 'unknown') redirect(errorUrl('invalid-request', flow.requestId));
  const { text } = lookup;
  const [t, tForm, errors, clientName] = await Promise.all([
    getTranslations('consent'),
    getTranslations('form'),
    translateErrors(['consentNotRecorded', 'consentRefused']),
    getClientName(flow.requestId, locale),
  ]);
  const newTab = tForm('opensInNewTab');
  return (
    <Frame title={t('title')} description={text.html ? t('description') : t('descriptionLink')} clientName={clientName}>
      <section className="consent" aria-labelledby={text.title ? 'consent-title' : undefined}>
        {/* The tenant's words are in the language it wrote them in, which may not be the page's. */}
        {text.title ? (
          <h2 id="consent-title" lang={text.locale}>
            {text.title}
          </h2>
        ) : null}
        {text.version ? <p className="consent-version">{t('version', { version: text.version })}</p> : null}
        {/* Sanitised in lib/provider/consent.ts: formatting and https links only. */}
        {/* Its links open a new tab and say so (D68), as "Open the full text" does. */}
        {text.html ? <div className="consent-text" lang={text.locale} dangerouslySetInnerHTML={{ __html: linksInNewTab(text.html, newTab, locale) }} /> : null}
      </section>
      {text.url ? (
        <p className="links">
          <NewTabLink href={text.url} newTab={newTab} visible>
            {t('readFull')}
          </NewTabLink>
        </p>
      ) : null}
      <ConsentForms
        requestId={flow.requestId}
        labels={{ accept: t('accept'), accepting: t('accepting'), decline: t('decline'), declining: t('declining') }}
        errors={errors}
      />
    </Frame>
  );
}
