import { InputNumber } from 'antd';

/**
 * Money is held in the smallest currency unit; people type currency units with two decimals. The
 * form holds cents, so the contract's rules check exactly what the server gets.
 */
export function MoneyInput({ value, onChange, id, disabled, max, 'aria-label': ariaLabel }: { value?: number | null; onChange?: (v: number | null) => void; id?: string; disabled?: boolean; max?: number; 'aria-label'?: string }) {
  return (
    <InputNumber<number>
      id={id}
      aria-label={ariaLabel}
      style={{ width: '100%' }}
      value={value === null || value === undefined ? null : value / 100}
      onChange={(v) => onChange?.(v === null || v === undefined ? null : Math.round(v * 100))}
      min={0}
      max={max === undefined ? undefined : max / 100}
      precision={2}
      step={1}
      disabled={disabled}
    />
  );
}

/** 12345 → "123.45" */
export function formatMoney(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '-';
  return (cents / 100).toFixed(2);
}
