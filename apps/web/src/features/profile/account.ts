import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { ManageInfo } from '@cbo/contract';
import { request } from '@/shared/request';
import { callKey } from '@/shared/list-page';
import { updateSessionUser } from '@/shared/session';

/** The signed-in account (key ['userInfo'], shared with the shell). */
export function useUserInfo() {
  return useQuery({ queryKey: callKey('userInfo'), queryFn: ({ signal }) => request('userInfo', {}, { signal }) });
}

/** The account's admin record, once its id is known. */
export function useManageInfo(manageId: number | undefined) {
  return useQuery({
    queryKey: callKey('manageInfo', { manageId }),
    queryFn: ({ signal }) => request('manageInfo', { query: { manageId: manageId! } }, { signal }),
    enabled: manageId !== undefined,
  });
}

/**
 * After a change to the own account: the personal center refetches, and the top bar shows the
 * new name and avatar at once (it reads the session, not this cache).
 */
export async function accountChanged(
  queryClient: QueryClient,
  changed?: Partial<Pick<ManageInfo, 'nickName' | 'img'>>,
): Promise<void> {
  if (changed) {
    const patch: { nickName?: string; img?: string | null } = {};
    if (changed.nickName !== undefined) patch.nickName = changed.nickName;
    if (changed.img !== undefined) patch.img = changed.img;
    updateSessionUser(patch);
  }
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: callKey('userInfo') }),
    queryClient.invalidateQueries({ queryKey: callKey('manageInfo') }),
  ]);
}
