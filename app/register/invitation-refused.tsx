import { getTranslations } from 'next-intl/server';
import { Frame } from '@/app/_components/frame';

type Props = { state: 'expired' | 'used' | 'unknown'; requestId: string; signIn: string };

/**
 * An invitation that can no longer be used (docs/provider-contract.md §2.16): what happened and
 * what to do: ask the inviter for a new invitation, or sign in when the account already exists.
 */
export async function InvitationRefused({ state, requestId, signIn }: Props) {
  const [t, tRegister] = await Promise.all([getTranslations('invitation'), getTranslations('register')]);
  return (
    <Frame title={t(`${state}Title`)} requestId={requestId} focus="heading">
      <p>{t(`${state}Text`)}</p>
      <p className="links">
        {tRegister('haveAccount')} <a href={signIn}>{tRegister('signIn')}</a>
      </p>
    </Frame>
  );
}
