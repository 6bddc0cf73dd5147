import { getLocale, getTranslations } from 'next-intl/server';
import { Frame } from '@/app/_components/frame';
import { stepUrl } from '@/lib/flows/step-urls';
import { getClientName } from '@/lib/provider/client-name';

/**
 * A method is set up (a passkey, an authenticator app): said as the screen's heading (read on
 * arrival), with what it means next time, before the sign-in goes on with Continue (the person
 * sees the confirmation, rather than the page moving on under it; the tenant is not asked for the
 * new factor again).
 */
export async function SetupDone({ requestId, texts }: { requestId: string; texts: (t: SetupTexts) => { title: string; description: string } }) {
  const [tPasskey, tSetup, tContinue, clientName] = await Promise.all([
    getTranslations('passkeySetup'),
    getTranslations('mfaSetup'),
    getTranslations('continue'),
    getClientName(requestId, await getLocale()),
  ]);
  const { title, description } = texts({ passkey: tPasskey, setup: tSetup });
  return (
    <Frame title={title} description={description} clientName={clientName}>
      <div className="actions">
        <a className="button" href={stepUrl('/continue', requestId)}>
          {tContinue('button')}
        </a>
      </div>
    </Frame>
  );
}

type SetupTexts = {
  passkey: Awaited<ReturnType<typeof getTranslations<'passkeySetup'>>>;
  setup: Awaited<ReturnType<typeof getTranslations<'mfaSetup'>>>;
};

export const PASSKEY_CREATED = (t: SetupTexts) => ({ title: t.passkey('createdTitle'), description: t.passkey('createdDescription') });
export const AUTHENTICATOR_SET_UP = (t: SetupTexts) => ({ title: t.setup('authenticatorDoneTitle'), description: t.setup('authenticatorDoneDescription') });
export const SMS_SET_UP = (t: SetupTexts) => ({ title: t.setup('smsDoneTitle'), description: t.setup('smsDoneDescription') });
export const EMAIL_SET_UP = (t: SetupTexts) => ({ title: t.setup('emailDoneTitle'), description: t.setup('emailDoneDescription') });
export const PUSH_SET_UP = (t: SetupTexts) => ({ title: t.setup('pushDoneTitle'), description: t.setup('pushDoneDescription') });
export const BACKUP_CODES_SET_UP = (t: SetupTexts) => ({ title: t.setup('backupDoneTitle'), description: t.setup('backupDoneDescription') });
