import { InputNumber } from 'antd';

/**
 * Money is stored as an integer count of cents; people type it in currency units with up to two
 * decimals. The form holds cents, so the contract's rules check exactly what the server gets.
 */
export function MoneyInput({ value, onChange, id, disabled, suffix, allowEmpty }: { value?: number | null; onChange?: (v: number | null) => void; id?: string; disabled?: boolean; suffix?: string; allowEmpty?: boolean }) {
  return (
    <InputNumber<number>
      id={id}
      style={{ width: '100%' }}
      value={value === null || value === undefined ? null : value / 100}
      onChange={(v) => onChange?.(v === null || v === undefined ? (allowEmpty ? null : (undefined as unknown as null)) : Math.round(v * 100))}
      min={0}
      precision={2}
      step={1}
      disabled={disabled}
      suffix={suffix}
    />
  );
}

/** 12345 → "123.45" */
export function formatMoney(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '-';
  return (cents / 100).toFixed(2);
}
