import { useMemo } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

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
