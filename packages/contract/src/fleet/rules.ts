import { z } from 'zod';

/** Cabinet SN: 4 letters and 12 or 13 digits, 16 or 17 characters. Upper-cased. */
export const CABINET_SN_RE = /^[A-Z]{4}\d{12,13}$/;
export const cabinetSn = z.string().trim().toUpperCase().regex(CABINET_SN_RE, { error: 'rule.cabinetSn' });
/** Power bank (device) ID: 4 letters and 13 digits. Upper-cased. */
export const POWER_BANK_ID_RE = /^[A-Z]{4}\d{13}$/;
export const powerBankId = z.string().trim().toUpperCase().regex(POWER_BANK_ID_RE, { error: 'rule.powerBankId' });
/** Cabinet batch storage (and a firmware batch): at most 500 cabinets at once. */
export const BATCH_STORAGE_MAX = 500;

/**
 * What a cabinet's QR label holds: the QR code base address (system settings) with the SN as its
 * `sn` parameter, e.g. https://u.example.com/scan?sn=CHGB000000000001. One rule for printing and
 * for reading a scan back (`cabinetOfQr`).
 */
export function cabinetQrContent(base: string, sn: string): string {
  return `${base}${base.includes('?') ? '&' : '?'}sn=${encodeURIComponent(sn)}`;
}

/**
 * The cabinet SN a scanned text names, or null when the text is not ours (spec 8: "QR code
 * non-standard"): it must begin with the base address, carry nothing else before its `sn`
 * parameter's value, and that value must be a cabinet SN. Without a base address no scan is ours.
 */
export function cabinetOfQr(base: string, text: string): string | null {
  const scanned = text.trim();
  if (!base || !scanned.startsWith(base)) return null;
  const rest = scanned.slice(base.length);
  const m = /^[?&]sn=([A-Za-z0-9]+)$/.exec(rest);
  if (!m) return null;
  const sn = m[1]!.toUpperCase();
  return CABINET_SN_RE.test(sn) ? sn : null;
}

/** QR labels printed at once: one page of a batch. */
export const QR_LABELS_MAX = 200;
