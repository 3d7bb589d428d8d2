import { tr, type ExportLabels, type LabelGroup } from '../platform/labels.js';
import type { Translations } from '../platform/lang.js';
import type {
  AGENT_LEVELS,
  COOPERATION_STATUSES,
  COOPERATION_TYPES,
  MEMBER_LEVELS,
  PUSHER_PERMISSIONS,
} from './shared.js';
import type { PICKER_TYPES } from './picker.js';
import type { networkCalls } from './calls.js';

/** Words of the network domain that both the console and the server show. */
export const networkLabels = {
  netStatus: { normal: tr('正常', '正常', 'Normal'), frozen: tr('冻结', '凍結', 'Frozen') },
  agentLevel: {
    A: tr('A 级代理', 'A 級代理', 'Level A'),
    B: tr('B 级代理', 'B 級代理', 'Level B'),
    C: tr('C 级代理', 'C 級代理', 'Level C'),
  } satisfies LabelGroup<(typeof AGENT_LEVELS)[number]>,
  memberLevel: {
    A: tr('A 级', 'A 級', 'Level A'),
    B: tr('B 级', 'B 級', 'Level B'),
    C: tr('C 级', 'C 級', 'Level C'),
  } satisfies LabelGroup<(typeof MEMBER_LEVELS)[number]>,
  pusherPermission: {
    intermediate: tr('中级', '中級', 'Intermediate'),
    advanced: tr('高级', '高級', 'Advanced'),
  } satisfies LabelGroup<(typeof PUSHER_PERMISSIONS)[number]>,
  cooperationType: {
    agent: tr('代理商', '代理商', 'Agent'),
    store: tr('门店', '門店', 'Store'),
  } satisfies LabelGroup<(typeof COOPERATION_TYPES)[number]>,
  cooperationStatus: {
    unprocessed: tr('未处理', '未處理', 'Unprocessed'),
    processing: tr('处理中', '處理中', 'Processing'),
    processed: tr('已处理', '已處理', 'Processed'),
  } satisfies LabelGroup<(typeof COOPERATION_STATUSES)[number]>,
  pickerType: {
    agent: tr('代理商', '代理商', 'Agent'),
    groundPromoter: tr('地推', '地推', 'Ground pusher'),
    serviceProvider: tr('网点服务商', '網點服務商', 'Service provider'),
    operator: tr('运营人员', '營運人員', 'Operator'),
    user: tr('用户', '使用者', 'User'),
  } satisfies LabelGroup<(typeof PICKER_TYPES)[number]>,
  /** A record of the demo network, made by the simulator. */
  simulated: { yes: tr('模拟', '模擬', 'Simulated') },
  platform: { name: tr('平台', '平台', 'Platform') },
  /** The statement export's first and last rows. */
  statementRow: { opening: tr('期初余额', '期初餘額', 'Opening balance'), total: tr('合计', '合計', 'Total') },
} as const;

const created = tr('创建时间', '建立時間', 'Created');
const status = tr('状态', '狀態', 'Status');
const mobile = tr('手机号', '手機號碼', 'Mobile');
const name = tr('名称', '名稱', 'Name');

/** The title and column headers of the network's exports, keyed by the export call. */
export const networkExports = {
  regionExport: {
    title: tr('区域列表', '區域列表', 'Regions'),
    columns: {
      name,
      managerName: tr('负责人', '負責人', 'Person in charge'),
      teamCount: tr('团队数', '團隊數', 'Teams'),
      agentCount: tr('代理商数', '代理商數', 'Agents'),
      deviceCount: tr('设备数', '設備數', 'Devices'),
      turnover: tr('营业额', '營業額', 'Turnover'),
      remark: tr('备注', '備註', 'Remark'),
      createTime: created,
    },
  },
  teamExport: {
    title: tr('团队列表', '團隊列表', 'Teams'),
    columns: {
      name,
      regionName: tr('所属区域', '所屬區域', 'Region'),
      leaderName: tr('队长', '隊長', 'Leader'),
      ratio: tr('分润比例（%）', '分潤比例（%）', 'Ratio (%)'),
      members: tr('成员', '成員', 'Members'),
      createTime: created,
    },
  },
  agentExport: {
    title: tr('代理商列表', '代理商列表', 'Agents'),
    columns: {
      name: tr('姓名', '姓名', 'Name'),
      mobile,
      level: tr('级别', '級別', 'Level'),
      parentName: tr('上级代理', '上級代理', 'Parent agent'),
      ratio: tr('可分配分润比例（%）', '可分配分潤比例（%）', 'Distributable ratio (%)'),
      regionName: tr('所属区域', '所屬區域', 'Region'),
      status,
      balance: tr('余额', '餘額', 'Balance'),
      owed: tr('欠款', '欠款', 'Owed to the platform'),
      totalRevenue: tr('总收益', '總收益', 'Total revenue'),
      minWithdrawal: tr('最低提现金额', '最低提現金額', 'Minimum withdrawal'),
      withdrawalFeeRate: tr('提现手续费率（%）', '提現手續費率（%）', 'Withdrawal fee rate (%)'),
      createTime: created,
    },
  },
  pusherExport: {
    title: tr('地推列表', '地推列表', 'Ground pushers'),
    columns: {
      name: tr('姓名', '姓名', 'Name'),
      mobile,
      agentName: tr('所属代理', '所屬代理', 'Agent'),
      permission: tr('权限', '權限', 'Permission'),
      status,
      note: tr('备注', '備註', 'Note'),
      createTime: created,
    },
  },
  providerExport: {
    title: tr('网点服务商列表', '網點服務商列表', 'Outlet service providers'),
    columns: {
      name,
      contact: tr('联系人', '聯絡人', 'Contact'),
      mobile,
      ratio: tr('分润比例（%）', '分潤比例（%）', 'Ratio (%)'),
      outletCount: tr('服务网点数', '服務網點數', 'Outlets served'),
      status,
      createTime: created,
    },
  },
  memberExport: {
    title: tr('用户列表', '使用者列表', 'Users'),
    columns: {
      mobile,
      nickname: tr('昵称', '暱稱', 'Nickname'),
      terminal: tr('来源终端', '來源終端', 'Terminal'),
      level: tr('等级', '等級', 'Level'),
      balance: tr('余额', '餘額', 'Balance'),
      deposit: tr('押金', '押金', 'Deposit'),
      orderCount: tr('订单数', '訂單數', 'Orders'),
      status,
      freezeReason: tr('冻结原因', '凍結原因', 'Freeze reason'),
      createTime: tr('注册时间', '註冊時間', 'Registered'),
    },
  },
  cooperationExport: {
    title: tr('代理合作申请', '代理合作申請', 'Cooperation applications'),
    columns: {
      number: tr('编号', '編號', 'Number'),
      type: tr('类型', '類型', 'Type'),
      contact: tr('联系人', '聯絡人', 'Contact'),
      phone: tr('电话', '電話', 'Phone'),
      status,
      handlerName: tr('处理人', '處理人', 'Handled by'),
      note: tr('备注', '備註', 'Note'),
      createTime: tr('申请时间', '申請時間', 'Applied'),
    },
  },
  partnerStatementExport: {
    title: tr('合作方对账单', '合作方對帳單', 'Partner statement'),
    columns: {
      date: tr('日期', '日期', 'Date'),
      orders: tr('订单数', '訂單數', 'Orders'),
      shares: tr('分润收入', '分潤收入', 'Shares earned'),
      reversals: tr('退款冲回', '退款沖回', 'Refunds reversed'),
      withdrawals: tr('提现', '提現', 'Withdrawals'),
      returned: tr('提现退回', '提現退回', 'Withdrawals returned'),
      owed: tr('欠款', '欠款', 'Owed'),
      other: tr('其他变动', '其他變動', 'Other movements'),
      closing: tr('期末余额', '期末餘額', 'Closing balance'),
    },
  },
} as const satisfies Partial<Record<keyof typeof networkCalls, ExportLabels>>;

/** What each change of the network domain is called in the operation log, keyed by its call. */
export const networkActions = {
  regionExport: tr('导出区域', '匯出區域', 'Export regions'),
  partnerStatementExport: tr('导出合作方对账单', '匯出合作方對帳單', 'Export partner statement'),
  regionSaveOrUpdate: tr('保存区域', '儲存區域', 'Save region'),
  regionDelete: tr('删除区域', '刪除區域', 'Delete region'),
  teamExport: tr('导出团队', '匯出團隊', 'Export teams'),
  teamSaveOrUpdate: tr('保存团队', '儲存團隊', 'Save team'),
  teamDelete: tr('删除团队', '刪除團隊', 'Delete team'),
  agentExport: tr('导出代理商', '匯出代理商', 'Export agents'),
  agentSaveOrUpdate: tr('保存代理商', '儲存代理商', 'Save agent'),
  agentUpdateStatus: tr('冻结/解冻代理商', '凍結/解凍代理商', 'Freeze or unfreeze agent'),
  agentUploadImage: tr('上传代理商图片', '上傳代理商圖片', 'Upload agent picture'),
  pusherExport: tr('导出地推', '匯出地推', 'Export ground pushers'),
  pusherSaveOrUpdate: tr('保存地推', '儲存地推', 'Save ground pusher'),
  pusherUpdateStatus: tr('冻结/解冻地推', '凍結/解凍地推', 'Freeze or unfreeze ground pusher'),
  pusherUploadImage: tr('上传地推图片', '上傳地推圖片', 'Upload ground pusher picture'),
  providerExport: tr('导出服务商', '匯出服務商', 'Export service providers'),
  providerSaveOrUpdate: tr('保存服务商', '儲存服務商', 'Save service provider'),
  providerUpdateStatus: tr('冻结/解冻服务商', '凍結/解凍服務商', 'Freeze or unfreeze service provider'),
  memberExport: tr('导出用户', '匯出使用者', 'Export users'),
  memberUpdateStatus: tr('冻结/解冻用户', '凍結/解凍使用者', 'Freeze or unfreeze user'),
  memberUpdateLevel: tr('修改用户等级', '修改使用者等級', 'Change user level'),
  cooperationExport: tr('导出合作申请', '匯出合作申請', 'Export cooperation applications'),
  cooperationHandle: tr('处理合作申请', '處理合作申請', 'Handle cooperation application'),
  appLogin: tr('代理端登录', '代理端登入', 'Agent app sign-in'),
  appSendCode: tr('发送登录验证码', '發送登入驗證碼', 'Send sign-in code'),
  appLogout: tr('代理端退出登录', '代理端登出', 'Agent app sign-out'),
  appCooperationApply: tr('提交合作申请', '提交合作申請', 'Apply for cooperation'),
} as const satisfies { [K in keyof typeof networkCalls]?: Translations };

/** What each call of the network domain that changes nothing is named (interfaces screen); a change is named by its action above. */
export const networkReads = {
  regionQueryPage: tr('查询区域', '查詢區域', 'Query regions'),
  regionOptions: tr('区域选项', '區域選項', 'Region options'),
  teamQueryPage: tr('查询团队', '查詢團隊', 'Query teams'),
  teamOptions: tr('团队选项', '團隊選項', 'Team options'),
  teamDirect: tr('直营管理', '直營管理', 'Direct management'),
  agentQueryPage: tr('查询代理商', '查詢代理商', 'Query agents'),
  agentDetail: tr('代理商详情', '代理商詳情', 'Agent details'),
  agentTree: tr('合作方树', '合作方樹', 'Partner tree'),
  partnerStatement: tr('合作方对账单', '合作方對帳單', 'Partner statement'),
  pusherQueryPage: tr('查询地推', '查詢地推', 'Query ground pushers'),
  providerQueryPage: tr('查询服务商', '查詢服務商', 'Query service providers'),
  memberQueryPage: tr('查询用户', '查詢使用者', 'Query customers'),
  memberDetail: tr('用户详情', '使用者詳情', 'Customer details'),
  memberSignInQueryPage: tr('用户登录记录', '使用者登入紀錄', 'Customer sign-ins'),
  memberFreezeQueryPage: tr('用户冻结记录', '使用者凍結紀錄', 'Customer freezes'),
  cooperationQueryPage: tr('查询合作申请', '查詢合作申請', 'Query cooperation applications'),
  selectUserByType: tr('按类型选择账号', '依類型選擇帳號', 'Pick accounts by kind'),
  appMe: tr('App当前账号', 'App目前帳號', 'App: signed-in account'),
  appAgentTree: tr('合作方App：下级树', '合作方App：下級樹', 'Partner app: subtree'),
  appPartnerStatement: tr('合作方App：对账单', '合作方App：對帳單', 'Partner app: statement'),
} as const satisfies { [K in keyof typeof networkCalls]?: Translations };
