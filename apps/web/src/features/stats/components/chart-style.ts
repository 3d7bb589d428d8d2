import { useMemo } from 'react';
import { theme } from 'antd';

/**
 * The statistics charts' common look, read from the theme: the legend on top, axis labels in the
 * secondary text colour, a category axis and a value axis with split lines. Each chart adds its
 * own series, grid and formatters to these.
 */
export function useChartStyle() {
  const { token } = theme.useToken();
  return useMemo(() => {
    const axisLabel = { color: token.colorTextSecondary };
    return {
      token,
      legend: { top: 0, textStyle: { color: token.colorTextSecondary } },
      /** A category axis of these names; `extra` replaces or adds options (a name, a rotated label). */
      category: (data: string[], extra: Record<string, unknown> = {}) => ({
        type: 'category',
        data,
        axisLabel,
        ...extra,
      }),
      /** A value axis with split lines; `formatter` writes its labels (money). */
      value: (extra: { minInterval?: number; formatter?: (v: number) => string } = {}) => ({
        type: 'value',
        ...(extra.minInterval ? { minInterval: extra.minInterval } : {}),
        splitLine: { lineStyle: { color: token.colorSplit } },
        axisLabel: extra.formatter ? { ...axisLabel, formatter: extra.formatter } : axisLabel,
      }),
      /** One series of a chart: a bar or a line of numbers in a colour. */
      series: (
        name: string,
        type: 'bar' | 'line',
        data: number[],
        color: string,
        extra: Record<string, unknown> = {},
      ) => ({
        name,
        type,
        data,
        itemStyle: { color },
        ...extra,
      }),
    };
  }, [token]);
}
