import { getTranslations } from 'next-intl/server';
import { Frame } from '@/app/_components/frame';
import type { InvitationReading, Inviter } from '@/lib/provider/invitations';

type Props = { reading: Exclude<InvitationReading, { kind: 'open' }>; requestId: string; signIn: string };

/**
 * An invitation that cannot be used (docs/provider-contract.md §2.16): what happened and what to
 * do: ask for a new invitation, naming whom where the invitation says ("Ask Anna Schmidt at
 * Großküche Müller GmbH …"), or sign in when the account already exists. One whose address this
 * product cannot read is refused too: the address could not be held to the invitation.
 */
export async function InvitationRefused({ reading, requestId, signIn }: Props) {
  const [t, tRegister] = await Promise.all([getTranslations('invitation'), getTranslations('register')]);
  const from: Inviter = reading.kind === 'unknown' ? { inviter: undefined, organisation: undefined } : reading.from;
  const { inviter, organisation } = from;
  const ask = (otherwise: boolean) => {
    if (inviter && organisation) return t(otherwise ? 'otherwiseAskInviterAt' : 'askInviterAt', { inviter, organisation });
    if (inviter) return t(otherwise ? 'otherwiseAskInviter' : 'askInviter', { inviter });
    if (organisation) return t(otherwise ? 'otherwiseAskAt' : 'askAt', { organisation });
    return undefined;
  };
  const named = Boolean(inviter || organisation);
  // Two messages in one paragraph stay two texts (each a whole message in its language).
  const text =
    reading.kind === 'used' ? (
      named ? (
        <>
          {t('usedRegistered')} {ask(true)}
        </>
      ) : (
        t('usedText')
      )
    ) : reading.kind === 'unknown' ? (
      t('unknownText')
    ) : (
      (ask(false) ?? t('expiredText'))
    );
  return (
    <Frame title={t(`${reading.kind}Title`)} requestId={requestId} focus="heading">
      <p>{text}</p>
      <p className="links">
        {tRegister('haveAccount')} <a href={signIn}>{tRegister('signIn')}</a>
      </p>
    </Frame>
  );
}
