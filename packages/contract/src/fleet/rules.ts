import { z } from 'zod';

/** Cabinet SN: 4 letters and 12 or 13 digits, 16 or 17 characters. Upper-cased. */
export const CABINET_SN_RE = /^[A-Z]{4}\d{12,13}$/;
export const cabinetSn = z.string().trim().toUpperCase().regex(CABINET_SN_RE, { error: 'rule.cabinetSn' });
/** Power bank (device) ID: 4 letters and 13 digits. Upper-cased. */
export const POWER_BANK_ID_RE = /^[A-Z]{4}\d{13}$/;
export const powerBankId = z.string().trim().toUpperCase().regex(POWER_BANK_ID_RE, { error: 'rule.powerBankId' });
/** Cabinet batch storage (and a firmware batch): at most 500 cabinets at once. */
export const BATCH_STORAGE_MAX = 500;
