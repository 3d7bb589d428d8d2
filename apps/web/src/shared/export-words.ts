import { useMemo } from 'react';
import { exportLabels } from '@cbo/contract';
import { useLang } from './form';

type ExportName = keyof typeof exportLabels;

/**
 * The column headers of an export sheet (the contract's words) in the reader's language, for the
 * screen whose list it exports: the screen, its filters, its detail and the file say the same.
 */
export function useExportWords<E extends ExportName>(
  exportCall: E,
): (k: keyof (typeof exportLabels)[E]['columns']) => string {
  const lang = useLang();
  return useMemo(() => {
    const columns = exportLabels[exportCall].columns as Record<PropertyKey, Record<string, string>>;
    return (k) => columns[k as PropertyKey]![lang]!;
  }, [exportCall, lang]);
}
