'use client';

import { useActionState } from 'react';
import { AutoSubmit } from '@/app/_components/auto-submit';
import { SubmitButton } from '@/app/_components/submit-button';
import { selectGroup, type GroupFormState } from './actions';

type Props = { requestId: string; groupId: string; labels: { signingIn: string; continue: string; pending: string } };

/**
 * The address named an offered group: sign in with it at once. The choice still goes through
 * the same action as a pick from the list (so it is remembered); with JavaScript the form sends
 * itself, without it the person presses Continue.
 */
export function GroupSignIn({ requestId, groupId, labels }: Props) {
  const [, action] = useActionState<GroupFormState, FormData>(selectGroup, { status: 'idle' });
  return (
    <form id="group-sign-in" action={action}>
      <input type="hidden" name="requestId" value={requestId} />
      <input type="hidden" name="groupId" value={groupId} />
      <p role="status">{labels.signingIn}</p>
      <div className="actions">
        <SubmitButton label={labels.continue} pendingLabel={labels.pending} />
      </div>
      <AutoSubmit formId="group-sign-in" />
    </form>
  );
}
