import { CodeSetupPage } from '../code-setup';

/** Codes by e-mail as a second factor, set up on the tenant's suggestion (../code-setup.tsx). */
export default async function EmailSetupPage({ searchParams }: PageProps<'/setup-mfa/email'>) {
  const { requestId, resent } = await searchParams;
  return <CodeSetupPage rawRequestId={requestId} resent={resent} method="EMAIL" />;
}
