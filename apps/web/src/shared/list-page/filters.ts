import dayjs from 'dayjs';
import type { AppliedFilters, FilterField } from './types';

/**
 * Turns the filter form's values into call input: trims text, leaves out empty values (so an
 * untouched filter is absent, not ""), and splits a date range into its two fields as ISO 8601
 * instants. The picker works in the viewer's time zone; the instant sent is unambiguous. A range
 * of days (the default picker) is whole days: from the first day's start to the last day's end, so
 * one picked day is that day, not the instant of its midnight.
 */
export function toFilterInput(fields: readonly FilterField[], values: Record<string, unknown>): AppliedFilters {
  const out: AppliedFilters = {};
  for (const field of fields) {
    const value = values[field.name];
    switch (field.type) {
      case 'text': {
        const text = typeof value === 'string' ? value.trim() : value;
        if (!isEmpty(text)) out[field.name] = text;
        break;
      }
      case 'select':
        if (!isEmpty(value)) out[field.name] = value;
        break;
      case 'dateRange': {
        const [begin, end] = Array.isArray(value) ? value : [];
        const days = !field.showTime;
        if (begin) out[field.begin] = (days ? dayjs(begin).startOf('day') : dayjs(begin)).toISOString();
        if (end) out[field.end] = (days ? dayjs(end).endOf('day') : dayjs(end)).toISOString();
        break;
      }
      case 'custom':
        if (field.toInput) Object.assign(out, dropEmpty(field.toInput(value)));
        else if (!isEmpty(value)) out[field.name] = value;
        break;
    }
  }
  return out;
}

/** The form values Reset restores: each field's declared initial value. */
export function initialFilterValues(fields: readonly FilterField[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) if (f.initialValue !== undefined) out[f.name] = f.initialValue;
  return out;
}

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

function dropEmpty(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => !isEmpty(v)));
}
