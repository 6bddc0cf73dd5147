import { beforeEach, describe, expect, test, vi } from 'vitest';
import { expired, flowNow, form, idle, nextHeaders, OTHER_REQUEST, redirectedTo, replaced, REQUEST, resetRequest, withFlow } from './support';

const prelogin = { getSelectableGroups: vi.fn() };
vi.mock('@/lib/provider/prelogin', () => prelogin);

const { cancelGroupSelection, selectGroup } = await import('@/app/group-selection/actions');
const { rememberedGroup } = await import('@/lib/remembered');

const groupFlow = () => withFlow({ sub: 'sub-1', precheck: { kind: 'group', trackId: 'track-1' } });

describe('the group selection (app/group-selection/actions.ts)', () => {
  beforeEach(async () => {
    resetRequest();
    prelogin.getSelectableGroups.mockReset().mockResolvedValue({ kind: 'groups', groups: [{ id: 'g-1', name: 'Gruppe eins' }] });
    await groupFlow();
  });

  test('no group or a malformed one: the field says so', async () => {
    expect(await selectGroup(idle, form({ requestId: REQUEST }))).toEqual({ status: 'invalid', fieldErrors: { groupId: 'groupRequired' } });
    expect(await selectGroup(idle, form({ requestId: REQUEST, groupId: 'a b' }))).toEqual({ status: 'invalid', fieldErrors: { groupId: 'groupNotFound' } });
  });

  test('chosen: remembered, kept in the flow with the precheck continuation, on to /continue', async () => {
    expect(await redirectedTo(selectGroup(idle, form({ requestId: REQUEST, groupId: 'g-1' })))).toBe(`/continue?requestId=${REQUEST}`);
    expect(await flowNow()).toMatchObject({
      groupId: 'g-1',
      continuation: { target: 'precheck-continue', trackId: 'track-1', sub: 'sub-1', selectedGroupId: 'g-1' },
    });
    expect((await nextHeaders.cookies()).has('signin_group')).toBe(true);
  });

  test('the group is remembered with its name as the list named it, in the page’s language (the tokens name it in the tenant’s)', async () => {
    await redirectedTo(selectGroup(idle, form({ requestId: REQUEST, groupId: 'g-1' })));
    expect(prelogin.getSelectableGroups).toHaveBeenCalledWith({ trackId: 'track-1', locale: 'en-GB' });
    expect(await rememberedGroup.readShown()).toEqual({ id: 'g-1', name: 'Gruppe eins', locale: 'en-GB' });
  });

  test('a list that cannot be read costs the name, not the sign-in', async () => {
    prelogin.getSelectableGroups.mockRejectedValue(new Error('provider down'));
    expect(await redirectedTo(selectGroup(idle, form({ requestId: REQUEST, groupId: 'g-1' })))).toBe(`/continue?requestId=${REQUEST}`);
    expect(await rememberedGroup.readShown()).toEqual({ id: 'g-1' });
  });

  test('a flow that is not at the group selection has expired; a replaced one is refused', async () => {
    await withFlow({ sub: 'sub-1', precheck: { kind: 'mfa', trackId: 'track-1' } });
    expect(await redirectedTo(selectGroup(idle, form({ requestId: REQUEST, groupId: 'g-1' })))).toBe(expired);
    await withFlow({ requestId: OTHER_REQUEST, sub: 'sub-2', precheck: { kind: 'group', trackId: 'track-2' } });
    expect(await redirectedTo(selectGroup(idle, form({ requestId: REQUEST, groupId: 'g-1' })))).toBe(replaced);
  });

  test('cancel: back to the provider for the same request, forgetting the remembered group when asked', async () => {
    const jar = await nextHeaders.cookies();
    jar.set('signin_group', 'sealed');
    const back = `http://127.0.0.1:4999/authz-srv/authz/resolve_redirect/${REQUEST}`;
    expect(await redirectedTo(cancelGroupSelection(idle, form({ requestId: REQUEST })))).toBe(back);
    expect(jar.has('signin_group')).toBe(true);
    expect(await redirectedTo(cancelGroupSelection(idle, form({ requestId: REQUEST, forget: '1' })))).toBe(back);
    expect(jar.has('signin_group')).toBe(false);
  });
});
