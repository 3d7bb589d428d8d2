import { tr, type ExportLabels, type LabelGroup } from '../platform/labels.js';
import type { Translations } from '../platform/lang.js';
import type { CODE_KINDS } from './cable.js';
import type { REPAIR_DEVICE_TYPES, REPAIR_STATUSES } from './repair.js';
import type { accessoriesCalls } from './calls.js';

/** Why one row of a billing file was not applied. */
export const BILLING_FAILURES = [
  'nonStandard',
  'notFound',
  'notBound',
  'duplicate',
  'badValue',
  'hourlyAboveDaily',
  'aboveLimit',
  'cableByPackage',
] as const;
export type BillingFailure = (typeof BILLING_FAILURES)[number];

/** Words of the accessories domain that both the console and the server show. */
export const accessoriesLabels = {
  repairStatus: {
    untreated: tr('未处理', '未處理', 'Untreated'),
    processing: tr('处理中', '處理中', 'Processing'),
    finished: tr('已完成', '已完成', 'Finished'),
  } satisfies LabelGroup<(typeof REPAIR_STATUSES)[number]>,
  repairDeviceType: {
    cabinet: tr('机柜', '機櫃', 'Cabinet'),
    powerBank: tr('充电宝', '行動電源', 'Power bank'),
    cable: tr('充电线', '充電線', 'Charging cable'),
    bluetoothCharger: tr('蓝牙充电器', '藍牙充電器', 'Bluetooth charger'),
  } satisfies LabelGroup<(typeof REPAIR_DEVICE_TYPES)[number]>,
  codeKind: {
    issue: tr('购买', '購買', 'Purchase'),
    reissue: tr('补发', '補發', 'Reissue'),
  } satisfies LabelGroup<(typeof CODE_KINDS)[number]>,
  billingFailure: {
    nonStandard: tr('设备编码不规范', '設備編碼不規範', 'Non-standard device code'),
    notFound: tr('设备不存在', '設備不存在', 'Device not found'),
    notBound: tr(
      '设备未绑定，无法调整计费',
      '設備未綁定，無法調整計費',
      'The device is not bound, so its billing cannot be adjusted',
    ),
    duplicate: tr('设备编码重复', '設備編碼重複', 'The device ID appears more than once'),
    badValue: tr(
      '金额不正确：须为大于 0 的金额，最多两位小数',
      '金額不正確：須為大於 0 的金額，最多兩位小數',
      'Wrong amount: it must be above 0 with at most two decimals',
    ),
    hourlyAboveDaily: tr(
      '每小时价格不能高于每日封顶',
      '每小時價格不能高於每日封頂',
      'The hourly price cannot be above the daily cap',
    ),
    aboveLimit: tr(
      '计费高于系统设置的蓝牙上限',
      '計費高於系統設定的藍牙上限',
      "The billing is above the system's Bluetooth limits",
    ),
    cableByPackage: tr(
      '充电线按套餐计费，请在充电线列表修改套餐',
      '充電線按套餐計費，請在充電線列表修改套餐',
      'Charging cables are billed by package: edit its packages in the cable list',
    ),
  } satisfies LabelGroup<BillingFailure>,
  /** Headings of the billing template (the upload reads columns by position). */
  billingTemplate: {
    title: tr('设备计费批量修改', '設備計費批次修改', 'Device billing update'),
    id: tr('设备编号', '設備編號', 'Device ID'),
    hourlyPrice: tr('每小时价格', '每小時價格', 'Hourly price'),
    dailyCap: tr('每日封顶', '每日封頂', 'Daily cap'),
    prepayment: tr('预付金额', '預付金額', 'Prepayment'),
  },
} as const;

const deviceColumns = {
  id: tr('设备编号', '設備編號', 'Device ID'),
  modelName: tr('型号', '型號', 'Model'),
  outletName: tr('绑定网点', '綁定網點', 'Outlet'),
  packages: tr('套餐', '套餐', 'Packages'),
};

/** The title and column headers of the accessories exports, keyed by the export call. */
export const accessoriesExports = {
  cableExport: {
    title: tr('充电线列表', '充電線列表', 'Charging cables'),
    columns: {
      ...deviceColumns,
      position: tr('码位', '碼位', 'Code position'),
      codesIssued: tr('已发放解锁码', '已發放解鎖碼', 'Codes issued'),
      lastCodeTime: tr('最近发码时间', '最近發碼時間', 'Last code'),
      createTime: tr('创建时间', '建立時間', 'Created'),
    },
  },
  bluetoothExport: {
    title: tr('蓝牙充电器列表', '藍牙充電器列表', 'Bluetooth chargers'),
    columns: {
      ...deviceColumns,
      hourlyPrice: tr('每小时价格', '每小時價格', 'Hourly price'),
      dailyCap: tr('每日封顶', '每日封頂', 'Daily cap'),
      prepayment: tr('预付金额', '預付金額', 'Prepayment'),
      createTime: tr('创建时间', '建立時間', 'Created'),
    },
  },
  repairExport: {
    title: tr('问题反馈', '問題回饋', 'Problem feedback'),
    columns: {
      no: tr('工单编号', '工單編號', 'Ticket no.'),
      deviceType: tr('设备类型', '設備類型', 'Device type'),
      deviceId: tr('设备编号', '設備編號', 'Device ID'),
      problemTypeName: tr('问题类型', '問題類型', 'Problem type'),
      contact: tr('联系人', '聯絡人', 'Contact'),
      phone: tr('联系电话', '聯絡電話', 'Phone'),
      description: tr('问题描述', '問題描述', 'Description'),
      status: tr('状态', '狀態', 'Status'),
      outOfBusiness: tr('停止营业', '停止營業', 'Out of business'),
      handlerName: tr('处理人', '處理人', 'Handler'),
      result: tr('处理结果', '處理結果', 'Result'),
      submitTime: tr('提交时间', '提交時間', 'Submitted'),
      processTime: tr('处理时间', '處理時間', 'Processed'),
    },
  },
} as const satisfies Partial<Record<keyof typeof accessoriesCalls, ExportLabels>>;

/** What the operation log calls each change of the accessories, in the viewer's language. */
export const accessoriesActions = {
  cableExport: tr('导出充电线', '匯出充電線', 'Export charging cables'),
  cableAdd: tr('添加充电线', '新增充電線', 'Add charging cable'),
  cableDelete: tr('删除充电线', '刪除充電線', 'Delete charging cable'),
  bluetoothDelete: tr('删除蓝牙充电器', '刪除藍牙充電器', 'Delete Bluetooth charger'),
  cableUpdate: tr('修改充电线', '修改充電線', 'Change charging cable'),
  cableIssueCode: tr('发放充电线密码', '發放充電線密碼', 'Issue cable code'),
  cableReissueCode: tr('重新发放充电线密码', '重新發放充電線密碼', 'Issue a new cable code'),
  bluetoothExport: tr('导出蓝牙充电器', '匯出藍牙充電器', 'Export Bluetooth chargers'),
  bluetoothAdd: tr('添加蓝牙充电器', '新增藍牙充電器', 'Add Bluetooth charger'),
  bluetoothUpdate: tr('修改蓝牙充电器', '修改藍牙充電器', 'Change Bluetooth charger'),
  billingImport: tr('按表格修改计费', '依表格修改計費', 'Update billing from a workbook'),
  repairExport: tr('导出问题反馈', '匯出問題回饋', 'Export repair tickets'),
  repairAdd: tr('登记问题反馈', '登記問題回饋', 'Record repair ticket'),
  repairProcess: tr('处理问题反馈', '處理問題回饋', 'Process repair ticket'),
  repairUploadPicture: tr('上传问题图片', '上傳問題圖片', 'Upload ticket picture'),
} as const satisfies { [K in keyof typeof accessoriesCalls]?: ReturnType<typeof tr> };

/** What each call of the accessories domain that changes nothing is named (interfaces screen); a change is named by its action above. */
export const accessoriesReads = {
  cableQueryPage: tr('查询充电线', '查詢充電線', 'Query charging cables'),
  cableCodeQueryPage: tr('充电线密码记录', '充電線密碼紀錄', 'Cable codes issued'),
  bluetoothQueryPage: tr('查询蓝牙充电器', '查詢藍牙充電器', 'Query Bluetooth chargers'),
  bluetoothLimits: tr('蓝牙充电器限额', '藍牙充電器限額', 'Bluetooth charger limits'),
  billingTemplate: tr('下载计费模板', '下載計費範本', 'Download billing template'),
  repairQueryPage: tr('查询问题反馈', '查詢問題回饋', 'Query repair tickets'),
  repairProblemTypes: tr('问题类型选项', '問題類型選項', 'Problem type options'),
} as const satisfies { [K in keyof typeof accessoriesCalls]?: Translations };
