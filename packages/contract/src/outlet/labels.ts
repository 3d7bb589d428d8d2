import { tr, type LabelGroup } from '../platform/labels.js';
import type { Translations } from '../platform/lang.js';
import type { outletCalls } from './calls.js';
import type { BINDING_DEVICE_TYPES, OUTLET_STATUSES, OUTLET_TYPES } from './outlet.js';

/** Words of the outlet domain that both the console and the server show. */
export const outletLabels = {
  outletStatus: {
    inService: tr('营业中', '營業中', 'In service'),
    suspended: tr('暂停营业', '暫停營業', 'Suspended'),
    deleted: tr('已删除', '已刪除', 'Deleted'),
  } satisfies LabelGroup<(typeof OUTLET_STATUSES)[number]>,
  outletType: {
    catering: tr('餐饮', '餐飲', 'Catering'),
    entertainment: tr('娱乐', '娛樂', 'Entertainment'),
    hotel: tr('酒店', '飯店', 'Hotel'),
    retail: tr('商超零售', '商超零售', 'Retail'),
    transport: tr('交通枢纽', '交通樞紐', 'Transport hub'),
    leisure: tr('休闲', '休閒', 'Leisure'),
    other: tr('其他', '其他', 'Other'),
  } satisfies LabelGroup<(typeof OUTLET_TYPES)[number]>,
  deviceType: {
    cabinet: tr('机柜', '機櫃', 'Cabinet'),
    cable: tr('充电线', '充電線', 'Charging cable'),
    bluetooth: tr('蓝牙充电器', '藍牙充電器', 'Bluetooth charger'),
  } satisfies LabelGroup<(typeof BINDING_DEVICE_TYPES)[number]>,
  /** A billing rule in one line (exports, the map popup). */
  billing: {
    summary: tr(
      '前 {free} 分钟免费，之后每 {period} 分钟 {price}，日封顶 {daily}，总封顶 {total}，押金 {deposit}',
      '前 {free} 分鐘免費，之後每 {period} 分鐘 {price}，日封頂 {daily}，總封頂 {total}，押金 {deposit}',
      'First {free} min free, then {price} per {period} min, {daily} a day at most, {total} in total, deposit {deposit}',
    ),
  },
  /** The tag on records the demo network made. */
  simulated: { tag: tr('模拟', '模擬', 'Simulated') },
} as const;

/** The title and column headers of the outlet exports, keyed by the export call. */
export const outletExports = {
  outletExport: {
    title: tr('网点列表', '網點列表', 'Outlets'),
    columns: {
      code: tr('网点编号', '網點編號', 'Code'),
      name: tr('网点名称', '網點名稱', 'Name'),
      type: tr('类型', '類型', 'Type'),
      status: tr('状态', '狀態', 'Status'),
      address: tr('地址', '地址', 'Address'),
      lat: tr('纬度', '緯度', 'Latitude'),
      lng: tr('经度', '經度', 'Longitude'),
      regionName: tr('区域', '區域', 'Region'),
      ownerName: tr('所属代理商/团队', '所屬代理商/團隊', 'Agent / team'),
      ratio: tr('分成比例(%)', '分成比例(%)', 'Ratio (%)'),
      hiddenRatio: tr('隐藏比例(%)', '隱藏比例(%)', 'Hidden ratio (%)'),
      costAmount: tr('成本金额', '成本金額', 'Cost'),
      amortizationRatio: tr('摊销执行比例(%)', '攤銷執行比例(%)', 'Amortization (%)'),
      costRecovered: tr('已摊销', '已攤銷', 'Cost recovered'),
      devices: tr('设备数', '設備數', 'Devices'),
      turnover: tr('营业额', '營業額', 'Turnover'),
      billing: tr('计费规则', '計費規則', 'Billing'),
      managerName: tr('负责人', '負責人', 'Manager'),
      managerPhone: tr('负责人电话', '負責人電話', 'Manager phone'),
      simulated: tr('模拟数据', '模擬資料', 'Simulated'),
      createTime: tr('创建时间', '建立時間', 'Created'),
    },
  },
} as const;

/** What each change of the outlet domain is called in the operation log, keyed by its call. */
export const outletActions = {
  outletSaveOrUpdate: tr('保存网点', '儲存網點', 'Save outlet'),
  outletExport: tr('导出网点', '匯出網點', 'Export outlets'),
  outletSuspend: tr('暂停营业', '暫停營業', 'Suspend outlet'),
  outletResume: tr('恢复营业', '恢復營業', 'Resume outlet'),
  outletDelete: tr('删除网点', '刪除網點', 'Delete outlet'),
  outletBindDevice: tr('网点绑定设备', '網點綁定設備', 'Bind device to outlet'),
  outletUnbindDevice: tr('网点解绑设备', '網點解綁設備', 'Unbind device from outlet'),
} as const satisfies { [K in keyof typeof outletCalls]?: Translations };

/** Names of the billing rule's fields, for messages that name one ("Total cap: cannot be below the daily cap"). */
export const outletFields = {
  freeMinutes: tr('免费时长', '免費時長', 'Free minutes'),
  pricePerPeriod: tr('每计费周期价格', '每計費週期價格', 'Price per period'),
  periodMinutes: tr('计费周期', '計費週期', 'Billing period'),
  totalCap: tr('总封顶', '總封頂', 'Total cap'),
} as const;

/** What each call of the outlet domain that changes nothing is named (interfaces screen); a change is named by its action above. */
export const outletReads = {
  outletOutsideRange: tr('超出范围的网点计费', '超出範圍的網點計費', 'Outlet billing outside the range'),
  outletQueryPage: tr('查询网点', '查詢網點', 'Query outlets'),
  outletMapSettings: tr('网点选点地图设置', '網點選點地圖設定', "The outlet form's map settings"),
  outletGeocode: tr('按地址查找网点位置', '按地址查找網點位置', "Locate an outlet's address"),
  outletDevices: tr('网点设备', '網點設備', 'Devices of an outlet'),
  outletUnboundDevices: tr('未绑定设备', '未綁定設備', 'Unbound devices'),
  outletOwnerOptions: tr('网点归属选项', '網點歸屬選項', 'Outlet owner options'),
  outletMapPoints: tr('网点地图', '網點地圖', 'Outlet map'),
} as const satisfies { [K in keyof typeof outletCalls]?: Translations };
