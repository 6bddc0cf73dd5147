import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { getConfig } from '@/lib/config';
import { continuationForm } from '@/lib/flows/continuation';
import { readFlow } from '@/lib/session';
import { AutoSubmit } from '../_components/auto-submit';
import { titleFrom } from '@/lib/i18n/metadata';

export const generateMetadata = titleFrom('continue');

/** Hands the finished step to the provider with a browser form POST (auto-submitted). */
export default async function ContinuePage() {
  const flow = await readFlow();
  if (!flow?.continuation) redirect('/error?reason=expired');

  const t = await getTranslations('continue');
  const form = continuationForm({
    providerUrl: getConfig().providerUrl,
    requestId: flow.requestId,
    rememberMe: flow.rememberMe ?? true,
    continuation: flow.continuation,
  });
  return (
    <>
      <h1>{t('title')}</h1>
      <p role="status">{t('description')}</p>
      <form id="continue-form" method="post" action={form.action}>
        {form.fields.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit">{t('button')}</button>
      </form>
      <AutoSubmit formId="continue-form" />
    </>
  );
}
