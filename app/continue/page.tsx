import { getLocale, getTranslations } from 'next-intl/server';
import { getConfig } from '@/lib/config';
import { continuationForm } from '@/lib/flows/continuation';
import { requireFlow } from '@/lib/flows/flow-guard';
import { titleFrom } from '@/lib/i18n/metadata';
import { getClientName } from '@/lib/provider/client-name';
import { AutoSubmit } from '../_components/auto-submit';
import { Frame } from '../_components/frame';

export const generateMetadata = titleFrom('continue');

/** Hands the finished step to the provider with a browser form POST (auto-submitted). */
export default async function ContinuePage({ searchParams }: PageProps<'/continue'>) {
  const flow = await requireFlow((await searchParams).requestId, (f) => Boolean(f.continuation));
  const [t, clientName] = await Promise.all([
    getTranslations('continue'),
    getClientName(flow.requestId, await getLocale()),
  ]);
  const form = continuationForm({
    providerUrl: getConfig().providerUrl,
    requestId: flow.requestId,
    rememberMe: flow.rememberMe ?? true,
    continuation: flow.continuation!,
  });
  return (
    <Frame title={t('title')} description={t('description')} clientName={clientName}>
      <form id="continue-form" method="post" action={form.action}>
        {form.fields.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <p className="hint">{t('hint')}</p>
        <div className="actions">
          <button type="submit">{t('button')}</button>
        </div>
      </form>
      <AutoSubmit formId="continue-form" />
    </Frame>
  );
}
