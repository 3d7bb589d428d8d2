import { tr, type ExportLabels, type LabelGroup } from '../platform/labels.js';
import type { EXTENSION_STATUSES, OPERATION_RESULTS, PROBLEM_TYPE_STATUSES } from './config.js';
import type { systemCalls } from './calls.js';

/** Words of the system domain that both the console and the server show. */
export const systemLabels = {
  problemTypeStatus: {
    inUse: tr('使用中', '使用中', 'In use'),
    deleted: tr('已删除', '已刪除', 'Deleted'),
  } satisfies LabelGroup<(typeof PROBLEM_TYPE_STATUSES)[number]>,
  extensionStatus: {
    activated: tr('已开通', '已開通', 'Activated'),
    closed: tr('已关闭', '已關閉', 'Closed'),
  } satisfies LabelGroup<(typeof EXTENSION_STATUSES)[number]>,
  /** Extended functions, by their key. */
  extensionName: {
    depositFree: tr('免押租借（信用）', '免押租借（信用）', 'Deposit-free rental (credit)'),
    coupons: tr('优惠券', '優惠券', 'Coupons'),
    membership: tr('会员', '會員', 'Membership'),
    orderSeparation: tr('订单分离', '訂單分離', 'Order separation'),
    cablePackages: tr('充电线套餐', '充電線套餐', 'Charging-cable packages'),
    bluetoothChargers: tr('蓝牙充电器', '藍牙充電器', 'Bluetooth chargers'),
    advertising: tr('广告', '廣告', 'Advertising'),
  },
  operationResult: {
    success: tr('成功', '成功', 'Success'),
    fail: tr('失败', '失敗', 'Failed'),
  } satisfies LabelGroup<(typeof OPERATION_RESULTS)[number]>,
} as const;

/** The title and column headers of system's exports, keyed by the export call. */
export const systemExports = {
  operationLogExport: {
    title: tr('操作日志', '操作日誌', 'Operation log'),
    columns: {
      userName: tr('账号', '帳號', 'Account'),
      accountType: tr('账号类型', '帳號類型', 'Account type'),
      terminal: tr('终端', '終端', 'Terminal'),
      behaviour: tr('行为', '行為', 'Behaviour'),
      request: tr('接口', '介面', 'Interface'),
      target: tr('对象', '對象', 'Target'),
      result: tr('结果', '結果', 'Result'),
      ip: tr('地址', '位址', 'Address'),
      durationMs: tr('耗时（毫秒）', '耗時（毫秒）', 'Duration (ms)'),
      createTime: tr('时间', '時間', 'Time'),
    },
  },
  problemTypeExport: {
    title: tr('问题类型', '問題類型', 'Problem types'),
    columns: {
      name: tr('名称', '名稱', 'Name'),
      sort: tr('排序', '排序', 'Order'),
      remark: tr('备注', '備註', 'Remark'),
      status: tr('状态', '狀態', 'Status'),
      createTime: tr('创建时间', '建立時間', 'Created'),
    },
  },
} as const satisfies { [K in keyof typeof systemCalls]?: ExportLabels };
