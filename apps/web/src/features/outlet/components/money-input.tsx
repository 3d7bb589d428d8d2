import { InputNumber } from 'antd';

/**
 * Money is stored as a whole count of cents; people type currency units with up to two decimals.
 * The form holds cents, so the contract's rules check exactly what the server gets.
 */
export function MoneyInput({ value, onChange, id }: { value?: number | null; onChange?: (v: number | null) => void; id?: string }) {
  return (
    <InputNumber<number>
      id={id}
      style={{ width: '100%' }}
      value={value === null || value === undefined ? null : value / 100}
      onChange={(v) => onChange?.(v === null || v === undefined ? null : Math.round(v * 100))}
      min={0}
      precision={2}
      step={1}
    />
  );
}

/** 12345 → "123.45" */
export const formatMoney = (cents: number) => (cents / 100).toFixed(2);
