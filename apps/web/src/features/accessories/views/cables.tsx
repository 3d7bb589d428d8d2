import { useMemo } from 'react';
import { Button } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { cableAdd, PERMS, type CableItem, type PackageTier } from '@cbo/contract';
import {
  AddButton,
  FormDrawer,
  ListPage,
  useDeviceDelete,
  useOverlay,
  type ColumnsOf,
  type FiltersOf,
  timeColumn,
} from '@/shared/list-page';
import { useButtons } from '@/shared/permission';
import { request } from '@/shared/request';
import { CodeDialog } from '../components/code-dialog';
import { DeviceIdModelFields, useAccessoryList } from '../components/device-list';
import { PackagesInput } from '../components/packages-input';

interface Values {
  deviceId: string;
  modelId: number;
  packages: PackageTier[];
}

/** This list's column widths (px) for the columns it shares with the other accessory list. */
const WIDTHS = { id: 160, model: 120, packages: 230 };

/**
 * Device management → charging cables (menu url accessories/cables): cables have no network; each
 * has a model, package tiers and a ring of offline unlock codes the server issues from.
 */
export default function CablesView() {
  const { t } = useTranslation('accessories');
  const buttons = useButtons();
  const edit = useOverlay<CableItem>();
  const code = useOverlay<CableItem>();
  const canEdit = buttons.has(PERMS.cableEdit);
  const canCode = buttons.has(PERMS.cableCode);
  const canDelete = buttons.has(PERMS.cableDelete);
  const remove = useDeviceDelete<CableItem>(
    (r) => r.id,
    (r) => request('cableDelete', { query: { deviceId: r.id } }),
    ['cableQueryPage'],
  );

  const kit = useAccessoryList();

  const filters = useMemo<FiltersOf<'cableQueryPage'>>(() => kit.filters, [kit]);
  const columns = useMemo<ColumnsOf<'cableQueryPage'>>(
    () => [
      ...kit.deviceColumns<CableItem>(WIDTHS),
      kit.packagesColumn<CableItem>(WIDTHS),
      { title: t('cable.position'), dataIndex: 'position', key: 'position', sortable: true, width: 110 },
      timeColumn(t('cable.lastCode'), { dataIndex: 'lastCodeTime', hidden: true }),
      timeColumn(t('device.createTime'), { sortable: true }),
      ...kit.actions<CableItem>({
        canEdit,
        canDelete,
        onEdit: edit.show,
        onDelete: remove.run,
        width: 220,
        first: {
          shown: canCode,
          render: (row) => (
            <Button type="link" size="small" icon={<KeyOutlined />} onClick={() => code.show(row)}>
              {t('code.action')}
            </Button>
          ),
        },
      }),
    ],
    [t, kit, canEdit, canCode, canDelete, edit, code, remove.run],
  );

  return (
    <ListPage
      listCall="cableQueryPage"
      rowKey="id"
      title={t('cable.title')}
      filters={filters}
      columns={columns}
      defaultSort={{ orderBy: 'createTime', order: 'descend' }}
      exportCall="cableExport"
      exportPerm={PERMS.cableExport}
      toolbar={
        <AddButton perm={PERMS.cableEdit} onClick={() => edit.show()}>
          {t('cable.add')}
        </AddButton>
      }
    >
      <FormDrawer<Values>
        open={edit.open}
        name="cable"
        title={edit.record ? t('cable.editTitle', { id: edit.record.id }) : t('cable.add')}
        onClose={edit.hide}
        initialValues={
          edit.record
            ? { deviceId: edit.record.id, modelId: edit.record.modelId ?? undefined, packages: edit.record.packages }
            : { packages: [{ name: t('packages.oneHour'), hours: 1, amount: 100 } as PackageTier] }
        }
        invalidates={['cableQueryPage']}
        onSubmit={(v) =>
          edit.record
            ? request('cableUpdate', { body: { ...v, deviceId: edit.record.id } })
            : request('cableAdd', { body: v })
        }
      >
        <DeviceIdModelFields kind="cable" shape={cableAdd.shape} editing={!!edit.record} />
        <PackagesInput />
      </FormDrawer>
      <CodeDialog cable={code.record} open={code.open} onClose={code.hide} />
    </ListPage>
  );
}
