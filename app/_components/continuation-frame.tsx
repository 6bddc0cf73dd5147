import { getLocale, getTranslations } from 'next-intl/server';
import type { ContinuationForm } from '@/lib/flows/continuation';
import { getClientName } from '@/lib/provider/client-name';
import { AutoSubmit } from './auto-submit';
import { Frame } from './frame';
import { ScriptAware } from './script-aware';

/**
 * "Signing you in": hands a finished step to the provider with a browser form POST, sent at once
 * with JavaScript and by the visible Continue button without it. A screen that has more to say
 * first (a new account) gives its own title and description.
 */
export async function ContinuationFrame({
  form,
  requestId,
  texts,
}: {
  form: ContinuationForm;
  requestId: string;
  texts?: { title: string; description: string };
}) {
  const [t, clientName] = await Promise.all([getTranslations('continue'), getClientName(requestId, await getLocale())]);
  return (
    <Frame
      title={texts?.title ?? t('title')}
      description={texts?.description ?? <ScriptAware withScript={t('description')} withoutScript={t('descriptionNoScript')} />}
      clientName={clientName}
    >
      <form id="continue-form" method="post" action={form.action}>
        {form.fields.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {/* Without JavaScript the description already says to select Continue. */}
        <p className="hint needs-js">{t('hint')}</p>
        <div className="actions">
          <button type="submit">{t('button')}</button>
        </div>
      </form>
      <AutoSubmit formId="continue-form" />
    </Frame>
  );
}
