'use client';

import { useActionState, useEffect, useState } from 'react';
import { ErrorSummary } from '@/app/_components/error-summary';
import { GroupCombobox, type GroupComboboxLabels } from '@/app/_components/group-combobox';
import { SubmitButton } from '@/app/_components/submit-button';
import { focusFirstProblem } from '@/app/_components/use-field-rules';
import { useHydrated } from '@/app/_components/use-hydrated';
import { groupIdError, type GroupOption } from '@/lib/flows/groups';
import type { ErrorKey } from '@/lib/validation/form-state';
import { cancelGroupSelection, selectGroup, type GroupFormState } from './actions';

type Props = {
  requestId: string;
  groups: GroupOption[];
  preselectedId?: string;
  /** An error to show from the start (a `group_id` in the address that is not offered). */
  initialError?: ErrorKey;
  /** The remembered group is no longer offered: forgotten on Cancel (choosing replaces it). */
  forgetRemembered: boolean;
  labels: GroupComboboxLabels & { login: string; pending: string; cancel: string };
  errors: Partial<Record<ErrorKey, string>>;
};

/**
 * Choose a group and sign in with it. Without JavaScript the list is a native select; with it,
 * a searchable combobox. Choosing a group clears the error; signing in without one says so.
 */
export function GroupForm({ requestId, groups, preselectedId, initialError, forgetRemembered, labels, errors }: Props) {
  const [state, action] = useActionState<GroupFormState, FormData>(selectGroup, { status: 'idle' });
  const [, cancel] = useActionState<GroupFormState, FormData>(cancelGroupSelection, { status: 'idle' });
  // Without JavaScript the page is rendered with the action's answer already in `state`.
  const [error, setError] = useState<ErrorKey | undefined>(state.status === 'invalid' ? state.fieldErrors.groupId : initialError);
  const [failedSubmits, setFailedSubmits] = useState(0);
  const [seenState, setSeenState] = useState(state);
  if (seenState !== state) {
    setSeenState(state);
    setError(state.status === 'invalid' ? state.fieldErrors.groupId : undefined);
    if (state.status === 'invalid') setFailedSubmits((n) => n + 1);
  }
  const enhanced = useHydrated();
  // Until the scripts run, the list is the native select, and a person may already have picked a
  // group in it; React leaves a select's choice alone while hydrating, so it is read here, at
  // hydration, and the searchable list that replaces the select starts with it.
  const [pickedBeforeScripts] = useState(nativeChoice);
  // A pick there (not the preselected group the server rendered) is a choice like any other, so
  // it clears the error, once the scripts run (the first render has to match the server's markup).
  const pickedEarly = pickedBeforeScripts !== undefined && pickedBeforeScripts !== (preselectedId ?? '');
  const [pickCarried, setPickCarried] = useState(false);
  if (enhanced && pickedEarly && !pickCarried) {
    setPickCarried(true);
    setError(undefined);
  }

  useEffect(() => {
    if (failedSubmits > 0) focusFirstProblem();
  }, [failedSubmits]);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const key = groupIdError(String(new FormData(event.currentTarget).get('groupId') ?? ''));
    if (!key) return;
    event.preventDefault();
    setError(key);
    setFailedSubmits((n) => n + 1);
  };

  const message = error ? errors[error] : undefined;
  return (
    <>
      <form action={action} noValidate onSubmit={onSubmit} aria-labelledby="page-title" aria-describedby="page-description">
        <ErrorSummary title={errors.summaryTitle ?? ''} items={message ? [{ fieldId: 'group', message }] : []} />
        <input type="hidden" name="requestId" value={requestId} />
        {enhanced ? (
          <GroupCombobox
            id="group"
            name="groupId"
            groups={groups}
            defaultId={pickedEarly ? pickedBeforeScripts || undefined : preselectedId}
            error={message}
            labels={labels}
            onSelect={(group) => group && setError(undefined)}
          />
        ) : (
          <GroupSelect groups={groups} defaultId={preselectedId} error={message} labels={labels} />
        )}
        <div className="actions">
          <SubmitButton label={labels.login} pendingLabel={labels.pending} />
        </div>
        {/* Cancel belongs to its own form, so the sign-in overlay does not show for it; it looks as on every screen. */}
        <p className="links">
          <button type="submit" form="group-cancel" className="link">
            {labels.cancel}
          </button>
        </p>
      </form>
      <form id="group-cancel" action={cancel} hidden>
        <input type="hidden" name="requestId" value={requestId} />
        {forgetRemembered ? <input type="hidden" name="forget" value="1" /> : null}
      </form>
    </>
  );
}

/**
 * What the server-rendered select holds ('' for "none selected"), or undefined where there is no
 * such select: on the server, and where the page was reached without one.
 */
function nativeChoice(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector<HTMLSelectElement>('select#group')?.value;
}

/** The no-script list: a native select, which every browser can search by typing the start. */
function GroupSelect({ groups, defaultId, error, labels }: { groups: GroupOption[]; defaultId?: string; error?: string; labels: GroupComboboxLabels }) {
  return (
    <div className="field">
      <label htmlFor="group">{labels.label}</label>
      <select
        id="group"
        name="groupId"
        autoFocus
        defaultValue={defaultId ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'group-error' : undefined}
      >
        <option value="">{labels.placeholder}</option>
        {groups.map((group) => (
          <option key={group.id} value={group.id}>
            {group.customerNumber ? `${group.name} – ${labels.customerNumber.replace('{number}', group.customerNumber)}` : group.name}
          </option>
        ))}
      </select>
      {error ? (
        <p id="group-error" className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
