import { useMemo, useState } from 'react';
import { Button, Flex, Image, Input, Select, Space, Tag, Upload, Form } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { labels, labelOf, IMAGE_MAX_BYTES, type AgentLevel, type PickerType, rules } from '@cbo/contract';
import { request } from '@/shared/request';
import { useLang, useZodRule } from '@/shared/form';
import { callKey } from '@/shared/list-page';
import { useImageUpload } from '@/shared/image-upload';

/** A word of the network domain in the console's language (the contract's labels, one home). */
export function useNetLabel() {
  const lang = useLang();
  return useMemo(
    () => ({
      status: (s: number) => labelOf(labels.network.netStatus, s === 1 ? 'frozen' : 'normal', lang),
      level: (l: AgentLevel) => labelOf(labels.network.agentLevel, l, lang),
      memberLevel: (l: AgentLevel) => labelOf(labels.network.memberLevel, l, lang),
      permission: (p: keyof typeof labels.network.pusherPermission) =>
        labelOf(labels.network.pusherPermission, p, lang),
      coopType: (x: keyof typeof labels.network.cooperationType) => labelOf(labels.network.cooperationType, x, lang),
      coopStatus: (x: keyof typeof labels.network.cooperationStatus) =>
        labelOf(labels.network.cooperationStatus, x, lang),
      terminal: (x: keyof typeof labels.common.terminal) => labelOf(labels.common.terminal, x, lang),
      simulated: labels.network.simulated.yes[lang],
      platform: labels.network.platform.name[lang],
    }),
    [lang],
  );
}

/** Normal (green) or frozen (red), with the reason as a title when there is one. */
export function StatusTag({ status, reason }: { status: number; reason?: string | null }) {
  const net = useNetLabel();
  return (
    <Tag color={status === 0 ? 'success' : 'error'} title={reason ?? undefined}>
      {net.status(status)}
    </Tag>
  );
}

/** The mark of a record made by the simulator (the demo network). */
export function SimulatedTag({ simulated }: { simulated: boolean }) {
  const net = useNetLabel();
  return simulated ? <Tag color="purple">{net.simulated}</Tag> : null;
}

/**
 * Picks one account of a kind (selectUserByType): searched on the server as one types, so it
 * works however many there are. `initial` names the current value before any search.
 */
export function AccountSelect({
  type,
  level,
  value,
  onChange,
  initial,
  id,
  disabled,
  mode,
  placeholder,
}: {
  type: PickerType;
  level?: AgentLevel;
  value?: number | number[] | null;
  onChange?: (v: number | number[] | null) => void;
  initial?: { id: number; name: string }[];
  id?: string;
  disabled?: boolean;
  mode?: 'multiple';
  placeholder?: string;
}) {
  const [keyword, setKeyword] = useState('');
  const found = useQuery({
    queryKey: [...callKey('selectUserByType'), type, level ?? '', keyword],
    queryFn: ({ signal }) =>
      request(
        'selectUserByType',
        { query: { type, level, keyword: keyword || undefined, pageNum: 1, pageSize: 20 } },
        { signal },
      ),
  });
  const options = useMemo(() => {
    const seen = new Map<number, string>();
    for (const i of initial ?? []) seen.set(i.id, i.name);
    for (const r of found.data?.list ?? []) seen.set(r.id, r.mobile ? `${r.name} (${r.mobile})` : r.name);
    return [...seen].map(([v, label]) => ({ value: v, label }));
  }, [found.data, initial]);
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      mode={mode}
      value={value ?? undefined}
      onChange={(v) => onChange?.((v as number | number[] | undefined) ?? null)}
      options={options}
      loading={found.isFetching}
      disabled={disabled}
      placeholder={placeholder}
    />
  );
}

/** Every region, for a select. */
export function useRegionOptions() {
  const q = useQuery({
    queryKey: callKey('regionOptions'),
    queryFn: ({ signal }) => request('regionOptions', {}, { signal }),
  });
  return useMemo(() => (q.data ?? []).map((r) => ({ value: r.id, label: r.name })), [q.data]);
}

/** Area code and mobile side by side, validated by the contract's rules. */
export function MobileItem({
  label,
  areaName = 'areaCode',
  mobileName = 'mobile',
}: {
  label: string;
  areaName?: string;
  mobileName?: string;
}) {
  const { t } = useTranslation('network');
  const rule = useZodRule();
  return (
    <Form.Item label={label} required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name={areaName} noStyle rules={[rule(rules.areaCode, t('common.areaCode'))]}>
          <Input style={{ width: 90 }} addonBefore="+" maxLength={4} aria-label={t('common.areaCode')} />
        </Form.Item>
        <Form.Item name={mobileName} noStyle rules={[rule(rules.mobile, label)]}>
          <Input maxLength={20} inputMode="numeric" aria-label={label} />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}

/** An uploaded picture's address with an upload button (the console's one image upload); the form holding it saves it. */
export function ImageInput({
  value,
  onChange,
  id,
  call,
}: {
  value?: string | null;
  onChange?: (v: string | null) => void;
  id?: string;
  call: 'agentUploadImage' | 'pusherUploadImage';
}) {
  const { t } = useTranslation('network');
  const { props, uploading } = useImageUpload(call, IMAGE_MAX_BYTES, (url) => onChange?.(url));
  return (
    <Flex gap={12} align="center" wrap id={id}>
      {value ? (
        <Image src={value} alt="" width={48} height={48} style={{ objectFit: 'cover', background: '#f5f5f5' }} />
      ) : null}
      <Upload {...props}>
        <Button icon={<UploadOutlined />} loading={uploading}>
          {t('common.upload')}
        </Button>
      </Upload>
      {value ? (
        <Button type="link" danger onClick={() => onChange?.(null)}>
          {t('common.removeImage')}
        </Button>
      ) : null}
    </Flex>
  );
}
