import type { Translations } from './lang.js';

/** One error code: its documented meaning and its message in the three languages. */
export interface ErrorDef {
  code: number;
  /** What the code means, for developers. */
  meaning: string;
  msg: Translations;
}

export function def(code: number, meaning: string, zh_CN: string, zh_TW: string, en_US: string): ErrorDef {
  return { code, meaning, msg: { zh_CN, zh_TW, en_US } };
}
