import { lazy, Suspense, useCallback, useState } from 'react';
import { Alert, Card, Empty, Form, Select, Skeleton, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MapPoint } from '@cbo/contract';
import { callKey } from '@/shared/list-page';
import { request } from '@/shared/request';
import { plainMoney } from '@/shared/money';
import { useOutletWords } from '../components/words';

// Leaflet and the clustering are their own chunk, loaded with this screen only.
const OutletMap = lazy(() => import('../components/outlet-map'));

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Outlet management → map distribution (menu url outlet/map): every outlet with a position on a
 * clustered map, filtered by region and status. The tiles follow the map type of the basic
 * settings when its key is set, else OpenStreetMap (said above the map); without a network the
 * points stay on a blank base.
 */
export default function MapView() {
  const { t } = useTranslation('outlet');
  const words = useOutletWords();
  const [regionId, setRegionId] = useState<number>();
  const [status, setStatus] = useState<'inService' | 'suspended'>();
  const [tilesFailed, setTilesFailed] = useState(false);
  // Any signed-in account may list the regions (the map's permission alone is enough to filter by them).
  const regions = useQuery({
    queryKey: callKey('regionOptions'),
    queryFn: ({ signal }) => request('regionOptions', {}, { signal }),
  });
  const data = useQuery({
    queryKey: callKey('outletMapPoints', { regionId, status }),
    queryFn: ({ signal }) => request('outletMapPoints', { query: { regionId, status } }, { signal }),
  });
  const popup = useCallback(
    (p: MapPoint) =>
      `<div class="outlet-popup" data-outlet="${p.id}"><div class="outlet-popup-title">${escape(p.name)}${p.simulated ? ` · ${escape(words.simulated)}` : ''}</div>` +
      `<div>${escape(words.status(p.status))}</div><div>${escape(t('map.devices', { count: p.devices }))}</div>` +
      `<div>${escape(t('map.turnover', { amount: plainMoney(p.turnover) }))}</div><div>${escape(p.address)}</div></div>`,
    [t, words],
  );
  const clusterLabel = useCallback((count: number) => t('map.cluster', { count }), [t]);
  const onTilesFailed = useCallback(() => setTilesFailed(true), []);
  const d = data.data;
  const mapTypeName = d ? t(`map.provider.${d.mapType}`, { defaultValue: d.mapType }) : '';

  return (
    <Card title={t('map.title')}>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Form layout="inline" style={{ rowGap: 8 }}>
          <Form.Item label={t('map.region')}>
            <Select
              style={{ width: 200 }}
              allowClear
              placeholder={t('map.allRegions')}
              value={regionId}
              onChange={setRegionId}
              options={(regions.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
              data-testid="map-region"
            />
          </Form.Item>
          <Form.Item label={t('map.status')}>
            <Select
              style={{ width: 200 }}
              allowClear
              placeholder={t('map.allStatuses')}
              value={status}
              onChange={setStatus}
              options={(['inService', 'suspended'] as const).map((s) => ({ value: s, label: words.status(s) }))}
              data-testid="map-status"
            />
          </Form.Item>
          {d && (
            <Typography.Text type="secondary" data-testid="map-count">
              {t('map.points', {
                count: d.points.length,
                direct: d.points.filter((p) => p.direct).length,
                agents: d.points.filter((p) => !p.direct).length,
              })}
            </Typography.Text>
          )}
        </Form>
        {d &&
          (d.tiles === 'osm' ? (
            <Alert
              type="info"
              showIcon
              data-testid="map-notice"
              title={
                ['gaode', 'tencent', 'google'].includes(d.mapType)
                  ? t('map.osmNotice', { mapType: mapTypeName })
                  : t('map.osmPlain')
              }
            />
          ) : (
            <Typography.Text type="secondary">{t('map.providerNotice', { provider: mapTypeName })}</Typography.Text>
          ))}
        {tilesFailed && <Alert type="warning" showIcon data-testid="map-offline" title={t('map.offline')} />}
        {!d ? (
          <Skeleton active />
        ) : (
          <>
            {!d.points.length && <Empty description={t('map.noPoints')} />}
            <Suspense fallback={<Skeleton active />}>
              <OutletMap
                points={d.points}
                tiles={d.tiles}
                popup={popup}
                clusterLabel={clusterLabel}
                onTilesFailed={onTilesFailed}
              />
            </Suspense>
          </>
        )}
      </Space>
    </Card>
  );
}
