import { getLocale, getTranslations } from 'next-intl/server';
import type { ContinuationForm } from '@/lib/flows/continuation';
import { getClientName } from '@/lib/provider/client-name';
import { AutoSubmit } from './auto-submit';
import { Frame } from './frame';
import { ScriptAware } from './script-aware';

/** From this many backup codes left, the person is told to make new ones. */
const LOW_BACKUP_CODES = 3;

/**
 * "Signing you in": hands a finished step to the provider with a browser form POST, sent at once
 * with JavaScript and by the visible Continue button without it. A screen that has more to say
 * first (a new account) gives its own title and description. After a backup code, where the
 * tenant said how many are left, the page says so and waits for Continue: a count sent past in a
 * flash would not be read.
 */
export async function ContinuationFrame({
  form,
  requestId,
  texts,
  backupCodesLeft,
}: {
  form: ContinuationForm;
  requestId: string;
  texts?: { title: string; description: string };
  backupCodesLeft?: number;
}) {
  const [t, clientName] = await Promise.all([getTranslations('continue'), getClientName(requestId, await getLocale())]);
  if (backupCodesLeft !== undefined) {
    return (
      <Frame title={t('backupTitle')} description={t('backupLeft', { count: backupCodesLeft })} clientName={clientName}>
        {backupCodesLeft <= LOW_BACKUP_CODES ? <p className="notice">{t('backupLow')}</p> : null}
        <form id="continue-form" method="post" action={form.action}>
          {form.fields.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <div className="actions">
            <button type="submit">{t('button')}</button>
          </div>
        </form>
      </Frame>
    );
  }
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
