import { tr, type ExportLabels, type LabelGroup } from '../platform/labels.js';
import type { Translations } from '../platform/lang.js';
import type { DEVICE_TYPES } from './shared.js';
import type { MODEL_STATUSES } from './model.js';
import type { SUPPLIER_STATUSES } from './supplier.js';
import type { WAREHOUSE_STATUSES, WAREHOUSE_TYPES } from './warehouse.js';
import type { ASSET_STATES, MOVEMENT_KINDS, STOCK_REASONS } from './stock.js';
import type { AUDIT_STATUSES } from './dispatch.js';
import type { assetsCalls } from './calls.js';

/** Words of the assets domain that both the console and the server show. */
export const assetsLabels = {
  deviceType: {
    cabinet: tr('机柜', '機櫃', 'Cabinet'),
    powerBank: tr('充电宝', '行動電源', 'Power bank'),
    cable: tr('充电线', '充電線', 'Charging cable'),
    bluetoothCharger: tr('蓝牙充电器', '藍牙充電器', 'Bluetooth charger'),
  } satisfies LabelGroup<(typeof DEVICE_TYPES)[number]>,
  modelStatus: {
    normal: tr('正常', '正常', 'Normal'),
    paused: tr('暂停', '暫停', 'Paused'),
    hidden: tr('隐藏', '隱藏', 'Hidden'),
    deleted: tr('已删除', '已刪除', 'Deleted'),
  } satisfies LabelGroup<(typeof MODEL_STATUSES)[number]>,
  supplierStatus: {
    normal: tr('正常', '正常', 'Normal'),
    paused: tr('暂停', '暫停', 'Paused'),
  } satisfies LabelGroup<(typeof SUPPLIER_STATUSES)[number]>,
  warehouseType: {
    business: tr('业务仓', '業務倉', 'Business'),
    storage: tr('存储仓', '儲存倉', 'Storage'),
    circulation: tr('流通仓', '流通倉', 'Circulation'),
  } satisfies LabelGroup<(typeof WAREHOUSE_TYPES)[number]>,
  warehouseStatus: {
    normal: tr('正常', '正常', 'Normal'),
    paused: tr('停用', '停用', 'Paused'),
  } satisfies LabelGroup<(typeof WAREHOUSE_STATUSES)[number]>,
  stockReason: {
    purchase: tr('采购', '採購', 'Purchase'),
    maintenance: tr('维修', '維修', 'Maintenance'),
    returnOrExchange: tr('退换货', '退換貨', 'Return or exchange'),
    circulation: tr('流通', '流通', 'Circulation'),
    replenishment: tr('补货', '補貨', 'Replenishment'),
    scrapped: tr('报废', '報廢', 'Scrapped'),
    damaged: tr('损坏', '損壞', 'Damaged'),
    other: tr('其他', '其他', 'Other'),
  } satisfies LabelGroup<(typeof STOCK_REASONS)[number]>,
  movementKind: {
    putIn: tr('入库', '入庫', 'Put in'),
    takeOut: tr('出库', '出庫', 'Take out'),
    dispatch: tr('调拨', '調撥', 'Dispatch'),
    install: tr('安装', '安裝', 'Install'),
    removal: tr('撤机', '撤機', 'Removal'),
  } satisfies LabelGroup<(typeof MOVEMENT_KINDS)[number]>,
  assetState: {
    inStock: tr('在库', '在庫', 'In stock'),
    outOfStock: tr('出库（流通）', '出庫（流通）', 'Out of stock (circulation)'),
    inBusiness: tr('业务中', '業務中', 'In business'),
  } satisfies LabelGroup<(typeof ASSET_STATES)[number]>,
  auditStatus: {
    pending: tr('待审核', '待審核', 'Pending'),
    approved: tr('已通过', '已通過', 'Approved'),
    rejected: tr('已驳回', '已駁回', 'Rejected'),
  } satisfies LabelGroup<(typeof AUDIT_STATUSES)[number]>,
} as const;

const c = {
  deviceType: tr('设备类型', '設備類型', 'Device type'),
  deviceId: tr('设备编号', '設備編號', 'Device ID'),
  status: tr('状态', '狀態', 'Status'),
  reason: tr('原因', '原因', 'Reason'),
  createTime: tr('创建时间', '建立時間', 'Created'),
  operator: tr('操作人', '操作人', 'Operator'),
  outlet: tr('网点', '網點', 'Outlet'),
};

/** The title and column headers of the assets exports, keyed by the export call. */
export const assetsExports = {
  modelExport: {
    title: tr('型号管理', '型號管理', 'Models'),
    columns: {
      productName: tr('产品名称', '產品名稱', 'Product name'),
      model: tr('型号', '型號', 'Model'),
      deviceType: c.deviceType,
      slotCount: tr('仓位数', '倉位數', 'Slots'),
      status: c.status,
      devices: tr('设备数', '設備數', 'Devices'),
      remark: tr('备注', '備註', 'Remark'),
      createTime: c.createTime,
    },
  },
  supplierExport: {
    title: tr('供应商', '供應商', 'Suppliers'),
    columns: {
      shortName: tr('简称', '簡稱', 'Short name'),
      factoryCode: tr('厂家编码', '廠家編碼', 'Factory code'),
      companyName: tr('公司名称', '公司名稱', 'Company'),
      status: c.status,
      personInCharge: tr('负责人', '負責人', 'Person in charge'),
      area: tr('区域', '區域', 'Area'),
      createTime: c.createTime,
    },
  },
  warehouseExport: {
    title: tr('仓库管理', '倉庫管理', 'Warehouses'),
    columns: {
      id: tr('仓库 ID', '倉庫 ID', 'ID'),
      name: tr('仓库名称', '倉庫名稱', 'Name'),
      type: tr('类型', '類型', 'Type'),
      area: tr('区域', '區域', 'Area'),
      manager: tr('负责人', '負責人', 'Manager'),
      address: tr('地址', '地址', 'Address'),
      load: tr('负载', '負載', 'Load'),
      status: c.status,
      createTime: c.createTime,
    },
  },
  movementExport: {
    title: tr('出入库记录', '出入庫紀錄', 'Stock movements'),
    columns: {
      kind: tr('类型', '類型', 'Kind'),
      deviceId: c.deviceId,
      deviceType: c.deviceType,
      reason: c.reason,
      fromWarehouseName: tr('调出仓库', '調出倉庫', 'From warehouse'),
      toWarehouseName: tr('调入仓库', '調入倉庫', 'To warehouse'),
      applicationNo: tr('申请单号', '申請單號', 'Application'),
      operatorName: c.operator,
      createTime: tr('时间', '時間', 'Time'),
    },
  },
  assetExport: {
    title: tr('资产管理', '資產管理', 'Device assets'),
    columns: {
      deviceId: c.deviceId,
      deviceType: c.deviceType,
      modelName: tr('型号', '型號', 'Model'),
      state: tr('资产状态', '資產狀態', 'State'),
      warehouseName: tr('所在仓库', '所在倉庫', 'Warehouse'),
      outletName: c.outlet,
      pendingApplicationNo: tr('待审核申请', '待審核申請', 'Pending application'),
      agentDevice: tr('代理商设备', '代理商設備', 'Agent device'),
      updateTime: tr('更新时间', '更新時間', 'Updated'),
    },
  },
  dispatchExport: {
    title: tr('调拨审核', '調撥審核', 'Dispatch applications'),
    columns: {
      applicationNo: tr('申请单号', '申請單號', 'Number'),
      reason: c.reason,
      sponsorName: tr('发起人', '發起人', 'Sponsor'),
      fromWarehouseName: tr('调出仓库', '調出倉庫', 'From warehouse'),
      toWarehouseName: tr('调入仓库', '調入倉庫', 'To warehouse'),
      deviceCount: tr('设备数', '設備數', 'Devices'),
      status: tr('审核状态', '審核狀態', 'Audit status'),
      auditorName: tr('审核人', '審核人', 'Auditor'),
      auditTime: tr('审核时间', '審核時間', 'Audited'),
      createTime: tr('申请时间', '申請時間', 'Applied'),
    },
  },
  installRecordExport: {
    title: tr('安装撤机记录', '安裝撤機紀錄', 'Install and removal records'),
    columns: {
      kind: tr('类型', '類型', 'Kind'),
      deviceId: c.deviceId,
      deviceType: c.deviceType,
      outletName: c.outlet,
      reason: c.reason,
      operatorName: c.operator,
      createTime: tr('时间', '時間', 'Time'),
    },
  },
} as const satisfies { [K in keyof typeof assetsCalls]?: ExportLabels };

/** What the operation log calls each change of the assets, in the viewer's language. */
export const assetsActions = {
  modelSave: tr('保存型号', '儲存型號', 'Save model'),
  modelEditStatus: tr('修改型号状态', '修改型號狀態', 'Change model status'),
  modelExport: tr('导出型号', '匯出型號', 'Export models'),
  supplierSave: tr('保存供应商', '儲存供應商', 'Save supplier'),
  supplierEditStatus: tr('修改供应商状态', '修改供應商狀態', 'Change supplier status'),
  supplierExport: tr('导出供应商', '匯出供應商', 'Export suppliers'),
  warehouseSave: tr('保存仓库', '儲存倉庫', 'Save warehouse'),
  warehouseEditStatus: tr('修改仓库状态', '修改倉庫狀態', 'Change warehouse status'),
  warehouseExport: tr('导出仓库', '匯出倉庫', 'Export warehouses'),
  stockPutIn: tr('设备入库', '設備入庫', 'Put devices in stock'),
  stockPutInExcel: tr('按表格入库', '依表格入庫', 'Put devices in stock from a workbook'),
  stockTakeOut: tr('设备出库', '設備出庫', 'Take devices out of stock'),
  stockTakeOutExcel: tr('按表格出库', '依表格出庫', 'Take devices out from a workbook'),
  movementExport: tr('导出出入库记录', '匯出出入庫紀錄', 'Export stock movements'),
  assetExport: tr('导出设备资产', '匯出設備資產', 'Export device assets'),
  assetDelete: tr('删除设备资产', '刪除設備資產', 'Delete device asset'),
  dispatchApply: tr('申请调拨', '申請調撥', 'Apply for a dispatch'),
  dispatchAudit: tr('审核调拨', '審核調撥', 'Audit a dispatch'),
  dispatchExport: tr('导出调拨申请', '匯出調撥申請', 'Export dispatch applications'),
  installRecordExport: tr('导出安装撤机记录', '匯出安裝撤機紀錄', 'Export install and removal records'),
} as const satisfies { [K in keyof typeof assetsCalls]?: ReturnType<typeof tr> };

/** What each call of the assets domain that changes nothing is named (interfaces screen); a change is named by its action above. */
export const assetsReads = {
  modelQueryPage: tr('查询型号', '查詢型號', 'Query models'),
  modelOptions: tr('型号选项', '型號選項', 'Model options'),
  supplierQueryPage: tr('查询供应商', '查詢供應商', 'Query suppliers'),
  warehouseQueryPage: tr('查询仓库', '查詢倉庫', 'Query warehouses'),
  warehouseOptions: tr('仓库选项', '倉庫選項', 'Warehouse options'),
  movementQueryPage: tr('查询出入库记录', '查詢出入庫紀錄', 'Query stock movements'),
  assetQueryPage: tr('查询设备资产', '查詢設備資產', 'Query device assets'),
  dispatchQueryPage: tr('查询调拨申请', '查詢調撥申請', 'Query dispatch applications'),
  dispatchDetail: tr('调拨申请详情', '調撥申請詳情', 'Dispatch application details'),
  installRecordQueryPage: tr('查询安装记录', '查詢安裝紀錄', 'Query install records'),
} as const satisfies { [K in keyof typeof assetsCalls]?: Translations };
