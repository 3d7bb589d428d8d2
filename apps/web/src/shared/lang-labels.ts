import type { Lang } from '@cbo/contract';

/** Each language is named in itself, so a user who cannot read the current one finds theirs. */
export const LANG_LABELS: Record<Lang, string> = { zh_CN: '简体中文', zh_TW: '繁體中文', en_US: 'English' };
