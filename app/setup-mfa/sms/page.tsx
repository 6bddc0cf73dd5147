import { CodeSetupPage } from '../code-setup';

/** Text messages as a second factor, set up on the tenant's suggestion (../code-setup.tsx). */
export default async function SmsSetupPage({ searchParams }: PageProps<'/setup-mfa/sms'>) {
  const { requestId, resent } = await searchParams;
  return <CodeSetupPage rawRequestId={requestId} resent={resent} method="SMS" />;
}
