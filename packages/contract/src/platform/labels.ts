import type { Lang, Translations } from './lang.js';
import type { AccountType, ClientType } from './clients.js';

/**
 * Words that both the console and the server show (status and role names, an export's title and
 * column headers) live here and in <domain>/labels.ts, once, in the three languages. The console
 * shows them on its screens; the server writes them into exports. Words only a screen shows stay
 * in the console's locales.
 */

/** One kind of label: a word for each value (of a status, a role, a type...). */
export type LabelGroup<K extends PropertyKey = string> = Readonly<Record<K, Translations>>;

/** An export's words: its title (the file's sheet and name) and a header per column, in column order. */
export interface ExportLabels<C extends string = string> {
  title: Translations;
  columns: Readonly<Record<C, Translations>>;
}

/** Writes one label: zh_CN, zh_TW, en_US. */
export const tr = (zh_CN: string, zh_TW: string, en_US: string): Translations => ({ zh_CN, zh_TW, en_US });

/** One label in one language; the key is checked against the group. */
export function labelOf<G extends LabelGroup<PropertyKey>>(group: G, key: keyof G, lang: Lang): string {
  return group[key]![lang];
}

/** A whole group in one language, `{ key: text }`: one namespace of the console's strings. */
export function labelsIn<G extends LabelGroup<PropertyKey>>(group: G, lang: Lang): { [K in keyof G]: string } {
  return Object.fromEntries(Object.entries(group).map(([k, t]) => [k, (t as Translations)[lang]])) as {
    [K in keyof G]: string;
  };
}

/** An export's title and headers in one language, columns in their order. */
export function exportLabelsIn<C extends string>(
  labels: ExportLabels<C>,
  lang: Lang,
): { title: string; columns: { key: C; header: string }[] } {
  return {
    title: labels.title[lang],
    columns: (Object.entries(labels.columns) as [C, Translations][]).map(([key, t]) => ({ key, header: t[lang] })),
  };
}

/** Labels every domain uses. */
export const commonLabels = {
  /** A yes/no cell of an export. */
  yesNo: { yes: tr('是', '是', 'Yes'), no: tr('否', '否', 'No') },
  /** Account kinds (login log, operation log). */
  accountType: {
    admin: tr('管理员', '管理員', 'Administrator'),
    agent: tr('代理商', '代理商', 'Agent'),
    user: tr('用户', '使用者', 'User'),
    groundPromoter: tr('地推', '地推', 'Ground promoter'),
    serviceProvider: tr('网点服务商', '網點服務商', 'Service provider'),
    outlet: tr('网点', '網點', 'Outlet'),
    operator: tr('运营商（直营团队）', '營運商（直營團隊）', 'Operator (direct-sales team)'),
  } satisfies LabelGroup<AccountType>,
  /** Terminals a call came from (login log, operation log). */
  terminal: {
    MANAGE_PC: tr('管理后台（PC）', '管理後台（PC）', 'Back office (PC)'),
    AGENT_IOS: tr('代理商 iOS', '代理商 iOS', 'Agent iOS app'),
    AGENT_ANDROID: tr('代理商 Android', '代理商 Android', 'Agent Android app'),
    AGENT_WECHAT: tr('代理商微信', '代理商微信', 'Agent WeChat app'),
    AGENT_ALIPAY: tr('代理商支付宝', '代理商支付寶', 'Agent Alipay app'),
    USER_IOS: tr('用户 iOS', '使用者 iOS', 'User iOS app'),
    USER_ANDROID: tr('用户 Android', '使用者 Android', 'User Android app'),
    USER_WECHAT: tr('用户微信', '使用者微信', 'User WeChat app'),
    USER_ALIPAY: tr('用户支付宝', '使用者支付寶', 'User Alipay app'),
  } satisfies LabelGroup<ClientType>,
} as const;
