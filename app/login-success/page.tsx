import { ContinuationFrame } from '@/app/_components/continuation-frame';
import { getConfig } from '@/lib/config';
import { continuationForm } from '@/lib/flows/continuation';
import { requireFlow, withPrecheck } from '@/lib/flows/flow-guard';

/**
 * The tenant's `login_success` hosted page (its track_id, requestId and sub arrive at
 * /login-success/entry and are kept in the flow cookie; docs/provider-contract.md §4): the
 * sign-in succeeded and the provider shows this page before it lets the browser go on, which it
 * does with the precheck continuation for the track.
 */
export default async function LoginSuccessPage({ searchParams }: PageProps<'/login-success'>) {
  const flow = await requireFlow((await searchParams).requestId, withPrecheck('login-success'));
  const form = continuationForm({
    providerUrl: getConfig().providerUrl,
    requestId: flow.requestId,
    rememberMe: flow.rememberMe ?? true,
    continuation: { target: 'precheck-continue', trackId: flow.precheck.trackId, sub: flow.sub },
  });
  return <ContinuationFrame form={form} requestId={flow.requestId} />;
}
