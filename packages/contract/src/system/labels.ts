import { tr, type ExportLabels, type LabelGroup } from '../platform/labels.js';
import type { Translations } from '../platform/lang.js';
import type { EXTENSION_STATUSES, OPERATION_RESULTS, PROBLEM_TYPE_STATUSES } from './config.js';
import type { systemCalls } from './calls.js';
import type { MERCHANT_PROVIDERS } from './merchant.js';

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
  /**
   * Groups of the system configuration, as an operation-log entry names what a save changed
   * (stored as 'system.settingsGroup.<key>', read through auditTargetIn).
   */
  settingsGroup: {
    basis: tr('基础设置', '基礎設定', 'Basic settings'),
    operation: tr('运营设置', '營運設定', 'Operation settings'),
    other: tr('其他设置', '其他設定', 'Other settings'),
    sms: tr('短信设置', '簡訊設定', 'SMS settings'),
    pay: tr('支付与提现设置', '支付與提現設定', 'Pay and withdrawal settings'),
    address: tr('设备与二维码地址', '設備與二維碼地址', 'Device and QR code addresses'),
    store: tr('网点页面地址', '網點頁面地址', 'Outlet page address'),
    range: tr('范围设置', '範圍設定', 'Range settings'),
    security: tr('验证手机', '驗證手機', 'Verification mobile'),
    merchant: tr('支付公司商户号', '支付公司商戶號', 'Payment company merchant accounts'),
  },
  /** The payment companies of the merchant accounts. */
  merchantProvider: {
    wechatpay: tr('微信支付', '微信支付', 'WeChat Pay'),
    alipay: tr('支付宝', '支付寶', 'Alipay'),
  } satisfies LabelGroup<(typeof MERCHANT_PROVIDERS)[number]>,
  operationResult: {
    success: tr('成功', '成功', 'Success'),
    fail: tr('失败', '失敗', 'Failed'),
  } satisfies LabelGroup<(typeof OPERATION_RESULTS)[number]>,
} as const;

/**
 * Names of the system configuration's fields, for messages that name a field (a validation
 * message, "outside the range settings"): people read the label, never the key. Keyed by the
 * field's key (the last part of its path) or by its whole dotted path.
 */
export const systemFields = {
  freeMinutes: tr('免费时长', '免費時長', 'Free minutes'),
  minFreeMinutes: tr('最小免费时长', '最小免費時長', 'Minimum free time'),
  maxFreeMinutes: tr('最大免费时长', '最大免費時長', 'Maximum free time'),
  maxPowerBanksPerRental: tr('单次最多租借充电宝数', '單次最多租借行動電源數', 'Power banks per rental'),
  operatorOrderVisibleDays: tr('运营人员订单可见时间', '營運人員訂單可見時間', 'Order visibility for operators'),
  'cablePackage.prepaid': tr('充电线套餐预付金额', '充電線套餐預付金額', 'Charging-cable package prepaid amount'),
  'cablePackage.firstThreeHours': tr(
    '充电线套餐前三小时金额',
    '充電線套餐前三小時金額',
    'Charging-cable package first three hours',
  ),
  'cablePackage.maxTwelveHours': tr(
    '充电线套餐 12 小时封顶金额',
    '充電線套餐 12 小時封頂金額',
    'Charging-cable package 12-hour maximum',
  ),
  servicePhone: tr('客服电话', '客服電話', 'Customer service phone'),
  serviceHours: tr('客服时间', '客服時間', 'Customer service hours'),
  userAgreementUrl: tr('用户协议链接', '使用者協議連結', 'User agreement link'),
  privacyPolicyUrl: tr('隐私政策链接', '隱私權政策連結', 'Privacy policy link'),
  appDownloadUrl: tr('App 下载链接', 'App 下載連結', 'App download link'),
  numberPerDay: tr('每个号码每日验证码条数', '每個號碼每日驗證碼則數', 'Codes per number a day'),
  addressPerMinute: tr('每个网络地址每分钟条数', '每個網路位址每分鐘則數', 'Codes per client address a minute'),
  addressPerHour: tr('每个网络地址每小时条数', '每個網路位址每小時則數', 'Codes per client address an hour'),
  overallPerHour: tr('每小时短信总条数', '每小時簡訊總則數', 'Texts in all an hour'),
  bluetoothPrepayMax: tr('蓝牙充电器预付上限', '藍牙充電器預付上限', 'Bluetooth charger prepayment maximum'),
  bluetoothPrepayDefault: tr(
    '蓝牙充电器默认预付金额',
    '藍牙充電器預設預付金額',
    'Bluetooth charger default prepayment',
  ),
  bluetoothDailyCap: tr('蓝牙充电器每日封顶', '藍牙充電器每日封頂', 'Bluetooth charger daily cap'),
  bluetoothHourlyLimit: tr(
    '蓝牙充电器每小时价格上限',
    '藍牙充電器每小時價格上限',
    'Bluetooth charger hourly price limit',
  ),
  depositRefundFeePercent: tr('押金退款手续费', '押金退款手續費', 'Deposit refund fee'),
  taxFeePercent: tr('税费', '稅費', 'Tax fee'),
  refundSecondApprovalAbove: tr('退款二次审核金额', '退款二次審核金額', 'Second refund approval above'),
  methods: tr('提现方式', '提現方式', 'Withdrawal methods'),
  withdrawalCycle: tr('提现周期', '提現週期', 'Withdrawal cycle'),
  singleCap: tr('单笔上限', '單筆上限', 'Single-transaction cap'),
  minAmount: tr('最低提现金额', '最低提現金額', 'Minimum withdrawal'),
  autoLimit: tr('自动打款上限', '自動撥款上限', 'Automatic payout limit'),
  dailyCount: tr('每日申请次数', '每日申請次數', 'Applications per day'),
  feePercent: tr('手续费率', '手續費率', 'Fee rate'),
  settlementDays: tr('结算周期（T+N）', '結算週期（T+N）', 'Settlement cycle (T+N)'),
  cablePackageAmount: tr('充电线套餐金额范围', '充電線套餐金額範圍', 'Charging-cable package amount range'),
  hourlyPrice: tr('每小时价格', '每小時價格', 'Hourly price'),
  dailyCap: tr('每日封顶', '每日封頂', 'Daily cap'),
  deposit: tr('押金', '押金', 'Deposit'),
  min: tr('最小值', '最小值', 'Minimum'),
  max: tr('最大值', '最大值', 'Maximum'),
  operator: tr('运营商', '營運商', 'Operator'),
  serviceProvider: tr('服务商', '服務商', 'Service provider'),
  agentOutlet: tr('代理网点', '代理網點', 'Agent outlet'),
  directOutlet: tr('直营网点', '直營網點', 'Direct outlet'),
  agent: tr('代理商', '代理商', 'Agent'),
  amount: tr('金额', '金額', 'Amount'),
  buyoutPrice: tr('买断价', '買斷價', 'Buy-out price'),
  buyoutDays: tr('买断天数', '買斷天數', 'Buy-out days'),
  // Merchant accounts of the payment companies (merchant.ts).
  notifyBaseUrl: tr('通知地址前缀', '通知位址前綴', 'Notification base address'),
  mchId: tr('商户号', '商戶號', 'Merchant ID'),
  appId: tr('AppID', 'AppID', 'App ID'),
  merchantSerialNo: tr('商户证书序列号', '商戶證書序號', 'Merchant certificate serial number'),
  merchantPrivateKey: tr('商户 API 私钥', '商戶 API 私鑰', 'Merchant API private key'),
  apiV3Key: tr('APIv3 密钥', 'APIv3 金鑰', 'APIv3 key'),
  platformPublicKeyId: tr('微信支付公钥 ID', '微信支付公鑰 ID', 'WeChat Pay public key ID'),
  platformPublicKey: tr('微信支付公钥', '微信支付公鑰', 'WeChat Pay public key'),
  baseUrl: tr('接口地址', '介面位址', 'API address'),
  appPrivateKey: tr('应用私钥', '應用私鑰', 'App private key'),
  alipayPublicKey: tr('支付宝公钥', '支付寶公鑰', 'Alipay public key'),
  gateway: tr('网关地址', '閘道位址', 'Gateway address'),
  clearSecrets: tr('清除的密钥', '清除的金鑰', 'Secrets to clear'),
} as const satisfies LabelGroup;

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

/** What each change of the system domain is called in the operation log, keyed by its call. */
export const systemActions = {
  configSave: tr('保存系统配置', '儲存系統設定', 'Save settings'),
  configSavePay: tr('保存支付与提现配置', '儲存支付與提現設定', 'Save pay and withdrawal settings'),
  configSaveMerchant: tr('保存支付公司商户号', '儲存支付公司商戶號', 'Save payment company merchant accounts'),
  configUpdateDevicePay: tr('修改设备支付配置', '修改設備支付設定', 'Edit device payment config'),
  configUpdateBanner: tr('修改轮播图', '修改輪播圖', 'Edit banner'),
  configUpdateAddress: tr('保存设备服务器地址', '儲存設備伺服器位址', 'Save device server address'),
  configSysSendCode: tr('向新验证手机发送验证码', '向新驗證手機發送驗證碼', 'Send code to new verification mobile'),
  configAddDevicePay: tr('新增设备支付配置', '新增設備支付設定', 'Add device payment config'),
  configAddBanner: tr('新增轮播图', '新增輪播圖', 'Add banner'),
  configSendCode: tr('发送验证码', '發送驗證碼', 'Send verification code'),
  configCheckCode: tr('校验验证码', '校驗驗證碼', 'Check verification code'),
  configSysCheckCode: tr('设置验证手机', '設定驗證手機', 'Set verification mobile'),
  configDelete: tr('删除配置', '刪除設定', 'Delete config'),
  configUpdateStoreUrl: tr('保存网点页面地址', '儲存網點頁面位址', 'Save outlet page address'),
  configUploadImage: tr('上传图片', '上傳圖片', 'Upload picture'),
  configSaveRange: tr('保存范围设置', '儲存範圍設定', 'Save range settings'),
  extensionEditStatus: tr('开通/关闭扩展功能', '開通/關閉擴充功能', 'Activate or close extended function'),
  sceneUploadImage: tr('上传设备场景图片', '上傳設備場景圖片', 'Upload device scene picture'),
  sceneUpdate: tr('修改设备场景', '修改設備場景', 'Edit device scene'),
  problemTypeSave: tr('保存问题类型', '儲存問題類型', 'Save problem type'),
  problemTypeDelete: tr('删除问题类型', '刪除問題類型', 'Delete problem type'),
  problemTypeExport: tr('导出问题类型', '匯出問題類型', 'Export problem types'),
  operationLogExport: tr('导出操作日志', '匯出操作日誌', 'Export operation log'),
} as const satisfies { [K in keyof typeof systemCalls]?: Translations };

/** What each call of the system domain that changes nothing is named (interfaces screen); a change is named by its action above. */
export const systemReads = {
  findValueByKey: tr('公开系统参数', '公開系統參數', 'Public system parameter'),
  exportLogList: tr('我的导出', '我的匯出', 'My exports'),
  exportDownload: tr('下载导出文件', '下載匯出檔案', 'Download export'),
  configBasis: tr('基础配置', '基礎設定', 'Basic settings'),
  configPay: tr('支付与提现配置', '支付與提現設定', 'Pay and withdrawal settings'),
  configMerchant: tr('支付公司商户号', '支付公司商戶號', 'Payment company merchant accounts'),
  configOperation: tr('运营配置', '營運設定', 'Operation settings'),
  configSys: tr('系统配置', '系統設定', 'System settings'),
  configOther: tr('其他配置', '其他設定', 'Other settings'),
  configSms: tr('短信限额', '簡訊限額', 'Text message budgets'),
  configDevicePayList: tr('设备支付配置列表', '設備支付設定列表', 'Device payment configs'),
  configDevicePayByIndex: tr('设备支付配置详情', '設備支付設定詳情', 'Device payment config details'),
  configValueByKey: tr('配置项', '設定項目', 'Setting value'),
  configBannerList: tr('轮播图列表', '輪播圖列表', 'Banners'),
  configRange: tr('范围配置', '範圍設定', 'Range settings'),
  extensionQueryPage: tr('查询拓展工具', '查詢擴充工具', 'Query extended functions'),
  sceneList: tr('设备场景列表', '設備場景列表', 'Device scenes'),
  sceneDetail: tr('设备场景详情', '設備場景詳情', 'Device scene details'),
  appAdverts: tr('用户端广告', '使用者端廣告', 'Customer app adverts'),
  appPlatformInfo: tr('用户端平台信息', '使用者端平台資訊', 'Customer app platform info'),
  problemTypeQueryPage: tr('查询问题类型', '查詢問題類型', 'Query problem types'),
  operationLogQueryPage: tr('查询操作日志', '查詢操作日誌', 'Query operation log'),
} as const satisfies { [K in keyof typeof systemCalls]?: Translations };
