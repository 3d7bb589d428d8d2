import { useMemo } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_TYPES, CLIENT_TYPES, MAX_RANGE_DAYS } from '@cbo/contract';
import { optionsOf, type FilterField } from '@/shared/list-page';

/**
 * Words of the coded values the sign-in and operation logs (and the dashboard) show about an
 * account: its kind, the terminal it used and the result, from the `common` namespace. A code the
 * console does not know yet (a terminal added on the server first) shows as sent, an absent
 * terminal as "-".
 */
export function useAccountWords() {
  const { t } = useTranslation('common');
  return useMemo(
    () => ({
      accountType: (v: string) => t(`common:accountTypes.${v}`, { defaultValue: v }),
      terminal: (v: string | null) => (v ? t(`common:terminals.${v}`, { defaultValue: v }) : '-'),
      result: (v: string) => t(`common:results.${v}`, { defaultValue: v }),
    }),
    [t],
  );
}

/** A call's or a sign-in's result as a tag: green for success, red otherwise. */
export function ResultTag({ result }: { result: string }) {
  const { result: word } = useAccountWords();
  return <Tag color={result === 'success' ? 'success' : 'error'}>{word(result)}</Tag>;
}

/** The headings a log screen gives the filters `accountLogFilters` builds. */
export interface AccountLogLabels {
  userName: string;
  accountType: string;
  terminal: string;
  result: string;
  ip: string;
  time: string;
}

type AccountLogFilter = FilterField<
  'userName' | 'accountType' | 'terminal' | 'result' | 'ip' | 'beginTime' | 'endTime'
>;

/**
 * The filters the sign-in and operation logs share, in this order: who (user name, kind of
 * account, terminal), then the log's own `middle` filters, the result (of the log's `results`),
 * the IP and the time range, which refuses more than 30 days before the server does.
 */
export function accountLogFilters<M extends FilterField>(
  words: ReturnType<typeof useAccountWords>,
  labels: AccountLogLabels,
  results: readonly string[],
  middle: M[] = [],
): (AccountLogFilter | M)[] {
  return [
    { type: 'text', name: 'userName', label: labels.userName },
    {
      type: 'select',
      name: 'accountType',
      label: labels.accountType,
      options: optionsOf(ACCOUNT_TYPES, words.accountType),
    },
    { type: 'select', name: 'terminal', label: labels.terminal, options: optionsOf(CLIENT_TYPES, words.terminal) },
    ...middle,
    { type: 'select', name: 'result', label: labels.result, options: optionsOf(results, words.result) },
    { type: 'text', name: 'ip', label: labels.ip },
    {
      type: 'dateRange',
      name: 'timeRange',
      begin: 'beginTime',
      end: 'endTime',
      label: labels.time,
      maxDays: MAX_RANGE_DAYS,
    },
  ];
}
