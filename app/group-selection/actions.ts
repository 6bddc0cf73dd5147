'use server';

import { getLocale } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { getConfig } from '@/lib/config';
import { continuationAfter } from '@/lib/flows/continuation';
import { guardAction, withPrecheck } from '@/lib/flows/flow-guard';
import { groupIdError, type ShownGroupName } from '@/lib/flows/groups';
import { stepUrl } from '@/lib/flows/step-urls';
import { formAction } from '@/lib/form-action';
import { accountRef, log } from '@/lib/log';
import { counted } from '@/lib/metrics';
import { getSelectableGroups } from '@/lib/provider/prelogin';
import { resolveRedirectUrl } from '@/lib/provider/urls';
import { rememberedGroup } from '@/lib/remembered';
import { updateFlow } from '@/lib/session';
import { fieldErrorsOf, ruleField } from '@/lib/validation/fields';
import type { FormState } from '@/lib/validation/form-state';

export type GroupFormState = FormState<'groupId'>;

const GroupSchema = z.object({ groupId: ruleField(groupIdError) });

/**
 * Signs in with the chosen group: remembers it (cookie signin_group, docs/architecture.md "What is kept
 * where"), with its name as the list named it in the page's language, and hands the provider's precheck
 * continuation to the browser (a form POST with sub, track_id and selectedGroupId). Whether the group is
 * really offered is the provider's to decide.
 */
export const selectGroup = formAction(async function selectGroup(_prev: GroupFormState, formData: FormData): Promise<GroupFormState> {
  const parsed = GroupSchema.safeParse(Object.fromEntries(formData));
  const flow = await guardAction(formData, withPrecheck('group'));
  if (!parsed.success) return { status: 'invalid', fieldErrors: fieldErrorsOf<'groupId'>(parsed.error) };
  const { groupId } = parsed.data;
  const { requestId, sub } = flow;
  const { trackId } = flow.precheck;

  await Promise.all([
    updateFlow({ groupId, continuation: continuationAfter({ step: 'group', trackId, sub, groupId }) }),
    shownName(trackId, groupId).then((shown) => rememberedGroup.save(groupId, shown)),
  ]);
  log.info(counted({ event: 'group.selected', account: accountRef(sub) }), 'group chosen');
  redirect(stepUrl('/continue', requestId));
});

/**
 * The group's name in the page's language, from the list the page showed (the tokens carry the
 * tenant's default-language name). Only for display: a failure here costs the name, not the sign-in.
 */
async function shownName(trackId: string, groupId: string): Promise<ShownGroupName | undefined> {
  const locale = await getLocale();
  try {
    const loaded = await getSelectableGroups({ trackId, locale });
    const name = loaded.kind === 'groups' ? loaded.groups.find((g) => g.id === groupId)?.name : undefined;
    return name ? { name, locale } : undefined;
  } catch (error) {
    log.warn({ event: 'group-name-unread', reason: error instanceof Error ? error.name : 'unknown' }, 'group name not read');
    return undefined;
  }
}

const CancelSchema = z.object({ forget: z.literal('1').optional() });

/**
 * Cancel: back to the provider's login for the request (docs/features.md "Group selection"). A POST rather
 * than a link so that a remembered group that is no longer offered is forgotten on the way.
 */
export const cancelGroupSelection = formAction(async function cancelGroupSelection(_prev: GroupFormState, formData: FormData): Promise<GroupFormState> {
  const parsed = CancelSchema.safeParse(Object.fromEntries(formData));
  const flow = await guardAction(formData, withPrecheck('group'));
  if (parsed.success && parsed.data.forget) await rememberedGroup.forget();
  redirect(resolveRedirectUrl(getConfig().providerUrl, flow.requestId));
});
