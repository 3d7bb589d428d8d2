/** The extended functions ("expansion tools"), by their stored code. Each is seeded closed. */
export const EXTENSION_CODES = [
  'depositFree',
  'coupons',
  'membership',
  'orderSeparation',
  'cablePackages',
  'bluetoothChargers',
  'advertising',
] as const;
export type ExtensionCode = (typeof EXTENSION_CODES)[number];
