import { getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { Frame } from '@/app/_components/frame';
import { Loader } from '@/app/_components/loader';
import { Streamed } from '@/app/_components/streamed';
import { requireFlow, withPrecheck } from '@/lib/flows/flow-guard';
import { mfaStepPath } from '@/lib/flows/mfa';
import { SETUP_PAGES } from '@/lib/flows/mfa-setup';
import { stepUrl } from '@/lib/flows/step-urls';
import { isVerificationType } from '@/lib/provider/verification-types';
import { MfaChoice } from './mfa-choice';

/**
 * The second factor. The provider's `mfa_required` page (track_id, sub, requestId) arrives at
 * /register-mfa/entry, which keeps them in the flow cookie and sends the browser here. The frame
 * and a loader are streamed at once; the configured methods follow.
 */
export default async function MfaPage({ searchParams }: PageProps<'/register-mfa'>) {
  const params = await searchParams;
  const flow = await requireFlow(params.requestId, withPrecheck('mfa'));
  const options = params.view === 'options' ? 'options' : undefined;
  // A method the tenant wants set up first while another can confirm (app/register-mfa/actions.ts).
  const unset = options && typeof params.unset === 'string' && isVerificationType(params.unset) ? params.unset : undefined;

  // Back, refresh or a second tab after a code (or push) was sent: show its page, send nothing new.
  if (!options && flow.mfa?.trackId === flow.precheck.trackId && flow.mfa.active) {
    redirect(stepUrl(mfaStepPath(flow.mfa.active.type), flow.requestId));
  }

  // Back from a method just set up: its page says so and goes on.
  if (flow.setupDone && flow.continuation) redirect(stepUrl(SETUP_PAGES[flow.setupDone], flow.requestId));

  const t = await getTranslations('mfa');
  const onePiece = stepUrl('/register-mfa', flow.requestId, { render: 'sync', view: options, unset });
  return (
    <Frame title={t('title')}>
      <Streamed fallback={<Loader label={t('loading')} />} onePieceHref={onePiece} inOnePiece={params.render === 'sync'}>
        <MfaChoice
          sub={flow.sub}
          requestId={flow.requestId}
          anonymous={Boolean(flow.subFromAddress)}
          offerSetup={!flow.setupAtTenant}
          addMethodPlanned={Boolean(flow.addMethod)}
          unset={unset}
        />
      </Streamed>
    </Frame>
  );
}
