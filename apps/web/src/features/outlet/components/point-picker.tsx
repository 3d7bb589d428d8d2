import { lazy, Suspense, useCallback, useState } from 'react';
import { Alert, Button, Input, Modal, Skeleton, Space, Typography } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { pickedPoint, TILE_GCJ } from '@cbo/contract';
import { callKey, useIsMobile } from '@/shared/list-page';
import { errorText } from '@/shared/errors';
import { request } from '@/shared/request';

// Leaflet is its own chunk, loaded when the picker opens (the map screen shares it).
const PointPickerMap = lazy(() => import('./point-picker-map'));

export interface PickedPoint {
  lat: number;
  lng: number;
  /** The address the map provider understood, when the point came from a lookup. */
  address?: string;
}

export interface PointPickerProps {
  open: boolean;
  /** The form's point when it has one (WGS-84). */
  value: { lat?: number | null; lng?: number | null };
  /** The form's address: what "Locate by address" looks up first. */
  address?: string;
  onPick: (p: PickedPoint) => void;
  onClose: () => void;
}

const isCoord = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * Pick an outlet's point on a map: a click or a dragged marker sets it, an address looked up with
 * the basic settings' map provider (when its key is set) moves it there; "Use this point" hands it
 * to the form. Without a key the lookup says why it cannot, and picking on the map still works.
 */
export function PointPicker({ open, value, address, onPick, onClose }: PointPickerProps) {
  const { t } = useTranslation('outlet');
  const isMobile = useIsMobile();
  const start = isCoord(value.lat) && isCoord(value.lng) ? { lat: value.lat, lng: value.lng } : null;
  const [point, setPoint] = useState<PickedPoint | null>(start);
  const [text, setText] = useState(address ?? '');
  const [tilesFailed, setTilesFailed] = useState(false);
  const settings = useQuery({
    queryKey: callKey('outletMapSettings'),
    queryFn: ({ signal }) => request('outletMapSettings', {}, { signal }),
    enabled: open,
  });
  // The lookup's refusal is shown here, beside the field, rather than as a passing toast.
  const locate = useMutation({
    mutationFn: (q: string) => request('outletGeocode', { query: { address: q } }, { silent: true }),
    onSuccess: (r) => setPoint({ lat: r.lat, lng: r.lng, address: r.address }),
  });
  const tiles = settings.data?.tiles;
  const onMapPick = useCallback(
    (lat: number, lng: number) => {
      if (tiles) setPoint(pickedPoint(lat, lng, TILE_GCJ[tiles]));
    },
    [tiles],
  );
  const onTilesFailed = useCallback(() => setTilesFailed(true), []);
  const providerName = settings.data
    ? t(`map.provider.${settings.data.mapType}`, { defaultValue: settings.data.mapType })
    : '';
  const canLocate = !!settings.data?.geocoding;
  const lookUp = () => {
    const q = text.trim();
    if (q) locate.mutate(q);
  };

  return (
    <Modal
      open={open}
      title={t('pick.title')}
      width={isMobile ? '100%' : 760}
      onCancel={onClose}
      destroyOnHidden
      okText={t('pick.apply')}
      okButtonProps={{ disabled: !point, ...{ 'data-testid': 'outlet-pick-apply' } }}
      onOk={() => {
        if (point) onPick(point);
      }}
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            value={text}
            maxLength={100}
            placeholder={t('pick.addressPlaceholder')}
            aria-label={t('pick.address')}
            disabled={!canLocate}
            onChange={(e) => setText(e.target.value)}
            onPressEnter={lookUp}
            data-testid="outlet-pick-address"
          />
          <Button
            type="primary"
            icon={<EnvironmentOutlined />}
            disabled={!canLocate || !text.trim()}
            loading={locate.isPending}
            onClick={lookUp}
            data-testid="outlet-pick-locate"
          >
            {t('pick.locate')}
          </Button>
        </Space.Compact>
        {settings.data && !canLocate && (
          <Alert
            type="info"
            showIcon
            data-testid="outlet-pick-nokey"
            title={t('pick.noKey', { mapType: providerName })}
          />
        )}
        {locate.isError && (
          <Alert type="warning" showIcon data-testid="outlet-pick-error" title={errorText(locate.error)} />
        )}
        {tilesFailed && <Alert type="warning" showIcon title={t('pick.offline')} />}
        <Typography.Text type="secondary">{t('pick.hint')}</Typography.Text>
        {!tiles ? (
          <Skeleton active />
        ) : (
          <Suspense fallback={<Skeleton active />}>
            <PointPickerMap
              point={point}
              tiles={tiles}
              onPick={onMapPick}
              markerLabel={t('pick.marker')}
              onTilesFailed={onTilesFailed}
            />
          </Suspense>
        )}
        <Typography.Text data-testid="outlet-pick-point">
          {point
            ? t('pick.point', { latitude: point.lat.toFixed(6), longitude: point.lng.toFixed(6) })
            : t('pick.none')}
          {point?.address ? ` · ${point.address}` : ''}
        </Typography.Text>
      </Space>
    </Modal>
  );
}
