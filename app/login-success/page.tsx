import { redirect } from 'next/navigation';
import { getConfig } from '@/lib/config';
import { continuationForm } from '@/lib/flows/continuation';
import { loginSuccessEntry } from '@/lib/flows/entry-params';
import { titleFrom } from '@/lib/i18n/metadata';
import { ContinuationFrame } from '../_components/continuation-frame';

export const generateMetadata = titleFrom('continue');

/**
 * The tenant's `login_success` hosted page (track_id, requestId, sub; docs/provider-contract.md
 * §4): the sign-in succeeded and the provider shows this page before it lets the browser go on,
 * which it does with the precheck continuation for the track.
 */
export default async function LoginSuccessPage({ searchParams }: PageProps<'/login-success'>) {
  const entry = loginSuccessEntry(await searchParams);
  if (!entry) redirect('/error?reason=invalid-request');
  const form = continuationForm({
    providerUrl: getConfig().providerUrl,
    requestId: entry.requestId,
    rememberMe: true,
    continuation: { target: 'precheck-continue', trackId: entry.trackId, sub: entry.sub },
  });
  return <ContinuationFrame form={form} requestId={entry.requestId} />;
}
