import 'server-only';
import { redirect } from 'next/navigation';
import { updateFlow, type FlowSession } from '../session';
import { continuationAfter } from './continuation';
import { stepUrl } from './step-urls';

/** What finishing a second factor needs of the flow (withActiveCode / withActivePush narrow to it). */
type SecondFactorFlow = Pick<FlowSession, 'requestId' | 'groupId' | 'addMethod'> & {
  sub: string;
  mfa: { trackId: string; active: { type: string } };
};

/**
 * A second factor passed (a correct code, an approved push): the flow keeps the provider's
 * precheck continuation for it, and the browser goes on to /continue (or, where the person asked
 * to set up another method, to the methods to add first). The same end for every method
 * (docs/architecture.md, "One sign-in"). A backup code's tenant may say how many are left: /continue
 * says so before it goes on.
 */
export async function finishSecondFactor(flow: SecondFactorFlow, statusId: string, backupCodesLeft?: number): Promise<never> {
  await updateFlow({
    backupCodesLeft,
    continuation: continuationAfter({
      step: 'second-factor',
      trackId: flow.mfa.trackId,
      sub: flow.sub,
      statusId,
      verificationType: flow.mfa.active.type,
      groupId: flow.groupId,
    }),
    ...(flow.addMethod ? { addMethod: { ...flow.addMethod, proven: true } } : {}),
  });
  redirect(stepUrl(flow.addMethod ? '/register-mfa/another' : '/continue', flow.requestId));
}
