import { InputNumber } from 'antd';
import { minorDigits, toMinor, toUnits, useCurrency } from './money';

/**
 * The one money field of the console. Money is held as a whole count of the currency's smallest
 * unit; people type currency units with the currency's decimals (two for CNY, none for JPY). The
 * form holds the smallest units, so the contract's rules check exactly what the server gets.
 * `max` is in smallest units too. `allowEmpty`: clearing the field gives null (a value that may be
 * unset); otherwise a cleared field is left undefined, so the form's required rule speaks.
 * `whole`: whole currency units only (an amount the contract takes in whole units, such as an
 * agent's minimum withdrawal).
 */
export function MoneyInput({
  value,
  onChange,
  id,
  disabled,
  max,
  suffix,
  allowEmpty,
  whole,
  'aria-label': ariaLabel,
}: {
  value?: number | null;
  onChange?: (v: number | null) => void;
  id?: string;
  disabled?: boolean;
  max?: number;
  suffix?: string;
  allowEmpty?: boolean;
  whole?: boolean;
  'aria-label'?: string;
}) {
  const currency = useCurrency();
  const digits = minorDigits(currency);
  return (
    <InputNumber<number>
      id={id}
      aria-label={ariaLabel}
      style={{ width: '100%' }}
      value={value === null || value === undefined ? null : toUnits(value, currency)}
      onChange={(v) =>
        onChange?.(
          v === null || v === undefined ? (allowEmpty ? null : (undefined as unknown as null)) : toMinor(v, currency),
        )
      }
      min={0}
      max={max === undefined ? undefined : toUnits(max, currency)}
      precision={whole ? 0 : digits}
      step={1}
      disabled={disabled}
      suffix={suffix}
    />
  );
}
