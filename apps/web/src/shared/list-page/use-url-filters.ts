import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import type { FilterField } from './types';

/**
 * Filters set by the address (`?connection=online`, `?state=failed&beginTime=…&endTime=…`), so
 * a link (the dashboard's numbers) lands on exactly the rows it counted. A declared filter whose
 * name is in the query string starts with that value: a select only with one of its options, a
 * date range from its begin and end fields when both are valid times. Anything else in the
 * address is ignored. `key` changes with those values: give it to the list so that a new address
 * starts a new search (the screen is kept alive between visits).
 */
export function useUrlFilters<F extends FilterField<string>>(fields: F[]): { filters: F[]; key: string } {
  const [params] = useSearchParams();
  return useMemo(() => {
    const used: string[] = [];
    const filters = fields.map((f): F => {
      switch (f.type) {
        case 'text':
        case 'select': {
          const v = params.get(f.name);
          if (v === null || v.trim() === '') return f;
          // A select starts with its option's own value (a number stays a number: a body takes no digits as text).
          const option = f.type === 'select' ? f.options.find((o) => String(o.value) === v) : undefined;
          if (f.type === 'select' && !option) return f;
          used.push(`${f.name}=${v}`);
          return { ...f, initialValue: option ? option.value : v };
        }
        case 'dateRange': {
          const begin = time(params.get(f.begin));
          const end = time(params.get(f.end));
          if (!begin || !end) return f;
          used.push(`${f.begin}=${begin.toISOString()}`, `${f.end}=${end.toISOString()}`);
          // The link's instants are what it counted: shown with their times and sent unchanged.
          return { ...f, showTime: true, initialValue: [begin, end] };
        }
        default:
          return f;
      }
    });
    return { filters, key: used.join('&') };
  }, [fields, params]);
}

function time(v: string | null): Dayjs | null {
  if (!v) return null;
  const d = dayjs(v);
  return d.isValid() ? d : null;
}
