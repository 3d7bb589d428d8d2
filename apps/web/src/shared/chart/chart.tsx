import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';

/** ECharts arrives with the first chart drawn, never with the sign-in page or the numbers. */
const EChart = lazy(() => import('./echart'));

export function Chart({ option, height = 240, label }: { option: EChartsCoreOption; height?: number; label: string }) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>
      <EChart option={option} height={height} label={label} />
    </Suspense>
  );
}
