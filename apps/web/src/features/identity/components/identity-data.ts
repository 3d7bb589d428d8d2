import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OrgNode } from '@cbo/contract';
import { request } from '@/shared/request';
import { callKey } from '@/shared/list-page';
import { translateName, useI18nRevision } from '@/shared/i18n';

/** The department tree (every account form and the personnel filter use it). */
export function useOrgTree() {
  return useQuery({ queryKey: callKey('orgTree'), queryFn: ({ signal }) => request('orgTree', {}, { signal }) });
}

/** Role names to pick from. */
export function useRoleOptions() {
  return useQuery({
    queryKey: callKey('roleOptions'),
    queryFn: ({ signal }) => request('roleOptions', {}, { signal }),
  });
}

/** A stored name that may be an i18n key ('role.finance', 'menu.personnel') in the current language. */
export function useNameText(): (name: string) => string {
  const { i18n } = useTranslation();
  // A new function when the language changes or a namespace arrives, so memoised trees follow.
  const revision = useI18nRevision();
  return useCallback((name: string) => translateName(i18n, name), [i18n, i18n.language, revision]);
}

export interface TreeOption {
  value: number;
  title: string;
  key: number;
  children: TreeOption[];
}

/** Departments as TreeSelect / Tree data. */
export function orgOptions(nodes: OrgNode[]): TreeOption[] {
  return nodes.map((n) => ({ value: n.id, key: n.id, title: n.name, children: orgOptions(n.children) }));
}
