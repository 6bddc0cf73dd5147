import { getConfig } from '@/lib/config';
import { afterRegisterForm } from '@/lib/flows/continuation';
import { AutoSubmit } from './auto-submit';

/**
 * The provider's after-register login for a track kept in the flow: the browser posts it
 * (auto-submitted; the button without JavaScript), and the provider answers with a code or the
 * next precheck. Used after a confirmed address and after a registration the tenant signs in at once.
 */
export function AfterRegisterSignIn({ trackId, continueLabel }: { trackId: string; continueLabel: string }) {
  const form = afterRegisterForm(getConfig().providerUrl, trackId);
  return (
    <>
      <form id="after-register" method="post" action={form.action}>
        {form.fields.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="actions">
          <button type="submit">{continueLabel}</button>
        </div>
      </form>
      <AutoSubmit formId="after-register" />
    </>
  );
}
