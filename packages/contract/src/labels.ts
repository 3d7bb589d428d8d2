import type { CallName } from './api.js';
import type { EjectOutcome, ForcedEjectState } from './fleet.js';
import type { Lang, Translations } from './lang.js';

/**
 * Words the server writes for people (export files) and the console may show too: one home, so a
 * label is changed once. Console-only words stay in the console's locales.
 */
const T = (zh_CN: string, zh_TW: string, en_US: string): Translations => ({ zh_CN, zh_TW, en_US });

export const LABELS = {
  yes: T('是', '是', 'Yes'),
  no: T('否', '否', 'No'),
  /** An account's status: 0 normal, 1 frozen. */
  accountStatus: { 0: T('正常', '正常', 'Normal'), 1: T('冻结', '凍結', 'Frozen') },
  /** Names of the seeded roles, by the i18n key stored as their name. */
  roles: {
    'role.superAdmin': T('超级管理员', '超級管理員', 'Super administrator'),
    'role.finance': T('财务', '財務', 'Finance'),
    'role.operations': T('运营', '營運', 'Operations'),
    'role.customerService': T('客服', '客服', 'Customer service'),
  } as Record<string, Translations>,
  ejectOutcome: {
    pending: T('等待结果', '等待結果', 'Waiting'),
    ejected: T('已弹出', '已彈出', 'Ejected'),
    confirmedByInventory: T('已弹出（库存确认）', '已彈出（庫存確認）', 'Ejected (confirmed by inventory)'),
    failed: T('弹出失败', '彈出失敗', 'Failed'),
  } satisfies Record<EjectOutcome, Translations>,
  forcedEjectState: {
    notReturned: T('未归还', '未歸還', 'Not returned'),
    returned: T('已归还', '已歸還', 'Returned'),
  } satisfies Record<ForcedEjectState, Translations>,
};

/** Yes / No in a language; empty for unknown. */
export function yesNo(v: boolean | null | undefined, lang: Lang): string {
  return v === null || v === undefined ? '' : (v ? LABELS.yes : LABELS.no)[lang];
}

/** The sheet of one export: its title and its columns in order, each with its heading. */
export interface ExportSheet {
  title: Translations;
  columns: Record<string, Translations>;
}

/**
 * Every export the export centre offers, keyed by the contract call that starts it (the call's
 * name is the export's kind). Column keys are fields of the listed rows.
 */
export const EXPORT_SHEETS = {
  loginLogExport: {
    title: T('登录日志', '登入日誌', 'Login log'),
    columns: {
      userName: T('账号', '帳號', 'Account'),
      accountType: T('账号类型', '帳號類型', 'Account type'),
      terminal: T('终端', '終端', 'Terminal'),
      result: T('结果', '結果', 'Result'),
      failReason: T('失败原因', '失敗原因', 'Failure reason'),
      ip: T('地址', '位址', 'Address'),
      userAgent: T('浏览器', '瀏覽器', 'User agent'),
      createTime: T('时间', '時間', 'Time'),
    },
  },
  manageExport: {
    title: T('人员管理', '人員管理', 'Personnel'),
    columns: {
      userName: T('用户名', '使用者名稱', 'User name'),
      nickName: T('昵称', '暱稱', 'Nickname'),
      mobile: T('手机号', '手機號碼', 'Mobile'),
      email: T('邮箱', '電子郵件', 'Email'),
      roles: T('角色', '角色', 'Roles'),
      orgName: T('部门', '部門', 'Department'),
      status: T('状态', '狀態', 'Status'),
      loginCount: T('登录次数', '登入次數', 'Sign-ins'),
      lastLoginTime: T('最后登录', '最後登入', 'Last sign-in'),
      createTime: T('创建时间', '建立時間', 'Created'),
    },
  },
  operationLogExport: {
    title: T('操作日志', '操作日誌', 'Operation log'),
    columns: {
      userName: T('账号', '帳號', 'Account'),
      accountType: T('账号类型', '帳號類型', 'Account type'),
      terminal: T('终端', '終端', 'Terminal'),
      behaviour: T('行为', '行為', 'Behaviour'),
      request: T('接口', '介面', 'Interface'),
      target: T('对象', '對象', 'Target'),
      result: T('结果', '結果', 'Result'),
      ip: T('地址', '位址', 'Address'),
      durationMs: T('耗时（毫秒）', '耗時（毫秒）', 'Duration (ms)'),
      createTime: T('时间', '時間', 'Time'),
    },
  },
  problemTypeExport: {
    title: T('问题类型', '問題類型', 'Problem types'),
    columns: {
      name: T('名称', '名稱', 'Name'),
      sort: T('排序', '排序', 'Order'),
      remark: T('备注', '備註', 'Remark'),
      status: T('状态', '狀態', 'Status'),
      createTime: T('创建时间', '建立時間', 'Created'),
    },
  },
  cabinetExport: {
    title: T('机柜列表', '機櫃列表', 'Cabinets'),
    columns: {
      sn: T('机柜编号', '機櫃編號', 'SN'),
      online: T('在线', '在線', 'Online'),
      iccid: T('ICCID', 'ICCID', 'ICCID'),
      imei: T('IMEI', 'IMEI', 'IMEI'),
      firmwareMain: T('主板固件', '主板韌體', 'Main firmware'),
      firmwareBoard: T('控制板固件', '控制板韌體', 'Board firmware'),
      csq: T('信号强度', '訊號強度', 'Signal (CSQ)'),
      netMode: T('网络模式', '網路模式', 'Network'),
      slots: T('仓位数', '倉位數', 'Slots'),
      freeSlots: T('空仓', '空倉', 'Free slots'),
      powerBanks: T('充电宝数', '行動電源數', 'Power banks'),
      chargedPowerBanks: T('电量≥80%', '電量≥80%', 'Charged ≥80%'),
      batteryAvg: T('平均电量', '平均電量', 'Average battery'),
      host: T('服务器地址', '伺服器位址', 'Server address'),
      port: T('端口', '連接埠', 'Port'),
      heartbeatSec: T('心跳间隔(秒)', '心跳間隔(秒)', 'Heartbeat (s)'),
      ftpHost: T('FTP 地址', 'FTP 位址', 'FTP host'),
      bound: T('已绑定', '已綁定', 'Bound'),
      lastHeartbeatAt: T('最后心跳', '最後心跳', 'Last heartbeat'),
      stockedInAt: T('入库时间', '入庫時間', 'Stocked in'),
    },
  },
  powerBankExport: {
    title: T('充电宝列表', '行動電源列表', 'Power banks'),
    columns: {
      powerBankId: T('充电宝编号', '行動電源編號', 'Power bank ID'),
      sn: T('所属机柜', '所屬機櫃', 'Cabinet'),
      slot: T('仓位', '倉位', 'Slot'),
      battery: T('电量', '電量', 'Battery'),
      locked: T('锁定', '鎖定', 'Locked'),
      leaseCount: T('租借次数', '租借次數', 'Lease count'),
      leaseMinutes: T('租借时长(分钟)', '租借時長(分鐘)', 'Lease minutes'),
      ejectFailures: T('弹出失败次数', '彈出失敗次數', 'Eject failures'),
      updatedAt: T('更新时间', '更新時間', 'Updated'),
    },
  },
  forcedEjectExport: {
    title: T('充电宝强制弹出记录', '行動電源強制彈出紀錄', 'Forced ejects'),
    columns: {
      powerBankId: T('充电宝编号', '行動電源編號', 'Power bank ID'),
      sn: T('机柜编号', '機櫃編號', 'Cabinet'),
      slot: T('仓位', '倉位', 'Slot'),
      reason: T('原因', '原因', 'Reason'),
      operatorName: T('操作人', '操作人', 'Operator'),
      outcome: T('弹出结果', '彈出結果', 'Eject outcome'),
      state: T('状态', '狀態', 'State'),
      returnedAt: T('归还时间', '歸還時間', 'Returned at'),
      createdAt: T('弹出时间', '彈出時間', 'Ejected at'),
    },
  },
} as const satisfies Partial<Record<CallName, ExportSheet>>;

/** The calls that start an export: the export centre's kinds. */
export type ExportCall = keyof typeof EXPORT_SHEETS;
/** The column keys of an export's sheet. */
export type ExportColumn<K extends ExportCall> = keyof (typeof EXPORT_SHEETS)[K]['columns'] & string;
