import { ContinuationFrame } from '@/app/_components/continuation-frame';
import { getConfig } from '@/lib/config';
import { continuationForm } from '@/lib/flows/continuation';
import { requireFlow, withContinuation } from '@/lib/flows/flow-guard';

/** Hands the finished step to the provider with a browser form POST (auto-submitted). */
export default async function ContinuePage({ searchParams }: PageProps<'/continue'>) {
  const flow = await requireFlow((await searchParams).requestId, withContinuation);
  const form = continuationForm({
    providerUrl: getConfig().providerUrl,
    requestId: flow.requestId,
    rememberMe: flow.rememberMe ?? true,
    continuation: flow.continuation,
  });
  return <ContinuationFrame form={form} requestId={flow.requestId} backupCodesLeft={flow.backupCodesLeft} />;
}
