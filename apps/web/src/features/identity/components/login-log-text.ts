import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorByCode, Errors, type ErrorName, type Lang } from '@cbo/contract';
import { useLang } from '@/shared/form';
import { useAccountWords } from '@/shared/account-words';

/**
 * Labels of a login-log row's coded values in the viewer's language: the account words every log
 * shares (shared/account-words) and the failure reason. Unknown codes (a terminal added on the
 * server before the console knows it) show as sent rather than blank.
 */
export function useLoginLogText() {
  const { t } = useTranslation('identity');
  const lang = useLang();
  const words = useAccountWords();
  return useMemo(
    () => ({
      ...words,
      failReason: (v: string | null) =>
        v ? t(`loginLog.failReasons.${reasonKey(v)}`, { defaultValue: describeFailReason(v, lang) }) : '',
    }),
    [t, lang, words],
  );
}

/** The server records reasons as short phrases ("wrong password"); keys spell them with "_". */
function reasonKey(reason: string): string {
  return reason
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_');
}

/**
 * A reason the namespace does not list: an error name of the catalogue (LOGIN_FAILED) or its
 * code (100030) reads in the viewer's language, with `{minutes}`-style parameters the row does
 * not carry dropped; anything else shows as recorded.
 */
export function describeFailReason(reason: string | null, lang: Lang): string {
  if (!reason) return '';
  const byName = reason in Errors ? Errors[reason as ErrorName] : undefined;
  const def = byName ?? (/^-?\d+$/.test(reason) ? errorByCode(Number(reason)) : undefined);
  if (!def) return reason;
  return withoutParameters(def.msg[lang]);
}

/** "Too many failed sign-ins; try again in {minutes} minutes" → "Too many failed sign-ins". */
function withoutParameters(text: string): string {
  const param = text.indexOf('{');
  if (param < 0) return text;
  const head = text.slice(0, param);
  const cut = Math.max(...['，', ',', '；', ';', '：', ':'].map((sep) => head.lastIndexOf(sep)));
  return (cut > 0 ? head.slice(0, cut) : text.replace(/\{\w+\}/g, '')).trim();
}
