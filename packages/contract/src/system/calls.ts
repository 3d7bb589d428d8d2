import { z } from 'zod';
import { call, none } from '../platform/call.js';
import { idQuery, pageResult } from '../platform/envelope.js';
import * as exportCentre from '../platform/exports.js';
import { exportStarted } from '../platform/exports.js';
import * as params from './params.js';
import * as cfg from './config.js';
import * as adverts from './adverts.js';
import { systemPerms } from './permissions.js';

const P = systemPerms;
const G = '/user/api/v1/global/config';

/** Settings, exports and logs. */
export const systemCalls = {
  findValueByKey: call({ method: 'GET', path: '/user/api/open/v1/auth/findValueByKey', access: 'public', module: 'system',
    summary: 'A public system parameter (brand name, logo, footer message)', query: params.paramQuery, data: params.paramValue }),
  appPlatformInfo: call({ method: 'GET', path: '/user/api/open/v1/app/info', access: 'public', module: 'system',
    summary: "Customer app: the platform's brand, currency, service phone and hours, agreement, privacy policy and download links", data: cfg.appPlatformInfo }),
  exportLogList: call({ method: 'GET', path: '/user/api/v1/exportExcelLog/list', access: 'authenticated', module: 'system',
    summary: "The signed-in account's exports, newest first", query: exportCentre.exportLogQuery, data: pageResult(exportCentre.exportLogItem) }),
  exportDownload: call({ method: 'GET', path: '/user/api/v1/exportExcelLog/download', access: 'authenticated', module: 'system',
    summary: 'Download a finished export (only by the account that made it)', query: exportCentre.exportDownloadQuery, data: z.any(), download: true }),

  // Global config: every path kept as the apps already call it.
  configBasis: call({ method: 'GET', path: `${G}/findByBasis`, access: { permission: P.configQuery }, module: 'system',
    summary: 'Basic settings: brand name, logo, footer, map type, currency', data: cfg.basisConfig }),
  configPay: call({ method: 'GET', path: `${G}/selectPayMessage`, access: { permission: P.configQuery }, module: 'system',
    summary: 'Pay settings: Bluetooth prepayment, refund and tax fees, withdrawal settings per account kind', data: cfg.payConfig }),
  configOperation: call({ method: 'GET', path: `${G}/findByOperation`, access: { permission: P.configQuery }, module: 'system',
    summary: 'Operation settings: free time, power banks per rental, order visibility, cable package', data: cfg.operationConfig }),
  configSys: call({ method: 'GET', path: `${G}/findBySys`, access: { permission: P.configQuery }, module: 'system',
    summary: 'System settings: device and QR addresses, outlet page address, the code mobile', data: cfg.sysConfig }),
  configOther: call({ method: 'GET', path: `${G}/findByOther`, access: { permission: P.configQuery }, module: 'system',
    summary: 'Other settings: customer service, agreements, app download', data: cfg.otherConfig }),
  configSms: call({ method: 'GET', path: `${G}/findBySms`, access: { permission: P.configQuery }, module: 'system',
    summary: 'Text budgets: codes per number a day, per client address a minute and an hour, in all an hour', data: cfg.smsConfig }),
  configDevicePayList: call({ method: 'GET', path: `${G}/getDeviceConfigMessage`, access: { permission: P.configQuery }, module: 'system',
    summary: 'Device payment configs in index order', data: z.array(cfg.devicePayItem) }),
  configDevicePayByIndex: call({ method: 'GET', path: `${G}/getDevicePayByIndex`, access: { permission: P.configQuery }, module: 'system',
    summary: 'One device payment config by its index', query: cfg.devicePayIndexQuery, data: cfg.devicePayItem }),
  configValueByKey: call({ method: 'GET', path: `${G}/findValueByKey`, access: { permission: P.configQuery }, module: 'system',
    summary: 'One configuration value by paramType and paramKey', query: cfg.configValueQuery, data: params.paramValue }),
  configBannerList: call({ method: 'GET', path: `${G}/queryBanner`, access: { permission: P.configQuery }, module: 'system',
    summary: 'User app banners in display order', data: z.array(cfg.bannerItem) }),
  configRange: call({ method: 'GET', path: `${G}/findRange`, access: { permission: P.configQuery }, module: 'system',
    summary: 'Range settings: bounds of the billing agents and outlets may choose', data: cfg.rangeConfig }),

  configSave: call({ method: 'PUT', path: `${G}/`, access: { permission: P.configEdit }, module: 'system',
    summary: 'Save one settings group (basis, operation, other or sms)', body: cfg.saveConfigRequest, data: none }),
  configSavePay: call({ method: 'PUT', path: `${G}/updateIsNull`, access: { permission: P.configPay }, module: 'system',
    summary: 'Save the pay settings (limits may be empty); needs a code ticket', body: cfg.savePayRequest, data: none }),
  configUpdateDevicePay: call({ method: 'PUT', path: `${G}/updateDevicePay`, access: { permission: P.configDevicePay }, module: 'system',
    summary: 'Change a device payment config; needs a code ticket', body: cfg.updateDevicePayRequest, data: cfg.devicePayItem }),
  configUpdateBanner: call({ method: 'PUT', path: `${G}/updateUserBanner`, access: { permission: P.configEdit }, module: 'system',
    summary: 'Change a user app banner', body: cfg.updateBannerRequest, data: cfg.bannerItem }),
  configUpdateAddress: call({ method: 'PUT', path: `${G}/updateAddress`, access: { permission: P.configEdit }, module: 'system',
    summary: 'Save the device server and QR code addresses', body: cfg.addressConfig, data: none }),
  configSysSendCode: call({ method: 'PUT', path: `${G}/updateSysSendCode`, access: { permission: P.configSecurity }, module: 'system',
    summary: 'Send a code to a new system code mobile; needs a code ticket', body: cfg.sysMobileSendRequest, data: cfg.configCodeSent }),
  configAddDevicePay: call({ method: 'POST', path: `${G}/addDevicePay/`, access: { permission: P.configDevicePay }, module: 'system',
    summary: 'Add a device payment config at the next index; needs a code ticket', body: cfg.addDevicePayRequest, data: cfg.devicePayItem }),
  configAddBanner: call({ method: 'POST', path: `${G}/addBanner`, access: { permission: P.configEdit }, module: 'system',
    summary: 'Add a user app banner', body: cfg.addBannerRequest, data: cfg.bannerItem }),
  configSendCode: call({ method: 'POST', path: `${G}/sendCode`, access: 'authenticated', module: 'system',
    summary: 'Send a 6-digit code for a sensitive change (to the code mobile, else own mobile)', data: cfg.configCodeSent }),
  configCheckCode: call({ method: 'POST', path: `${G}/checkCode`, access: 'authenticated', module: 'system',
    summary: 'Check the code; answers a short-lived ticket for sensitive changes', body: cfg.configCheckCodeRequest, data: cfg.configTicket }),
  configSysCheckCode: call({ method: 'POST', path: `${G}/updateSysCheckCode`, access: { permission: P.configSecurity }, module: 'system',
    summary: 'Set (with its code) or clear the system code mobile; needs a code ticket', body: cfg.sysMobileCheckRequest, data: cfg.sysConfig }),
  configDelete: call({ method: 'DELETE', path: `${G}/delete`, access: { permission: P.configDevicePay }, module: 'system',
    summary: 'Delete a device payment config (needs a code ticket) or a banner', query: cfg.configDeleteQuery, data: none }),
  configUpdateStoreUrl: call({ method: 'PUT', path: '/user/api/v1/store/updateAllStoreUrl', access: { permission: P.configEdit }, module: 'system',
    summary: 'Set the outlet page address of every outlet at once ({id} stands for the outlet)', body: cfg.storeUrlRequest, data: none }),
  configUploadImage: call({ method: 'POST', path: `${G}/uploadImage`, access: { permission: P.configEdit }, module: 'system',
    summary: "Upload a logo or banner picture: a whole PNG or JPEG, up to 2 MB; counts in the uploader's quota", data: cfg.imageUploaded, multipart: true }),
  configSaveRange: call({ method: 'PUT', path: `${G}/updateRange`, access: { permission: P.configRange }, module: 'system',
    summary: 'Save the range settings; refused when a configured value falls outside', body: cfg.rangeConfig, data: none }),

  extensionQueryPage: call({ method: 'GET', path: '/user/api/v1/extension/queryPage', access: { permission: P.extensionQuery }, module: 'system',
    summary: 'Extended functions (expansion tools) and their status', query: cfg.extensionQuery, data: pageResult(cfg.extensionItem) }),
  extensionEditStatus: call({ method: 'POST', path: '/user/api/v1/extension/editStatus', access: { permission: P.extensionStatus }, module: 'system',
    summary: 'Activate (with a code ticket) or close an extended function', body: cfg.extensionStatusRequest, data: cfg.extensionItem }),

  sceneList: call({ method: 'GET', path: '/device/api/v1/device/sceneList', access: { permission: P.sceneQuery }, module: 'system',
    summary: 'Device scenes: the picture and link shown for each kind of device', data: z.array(cfg.deviceSceneItem) }),
  sceneDetail: call({ method: 'GET', path: '/device/api/v1/device/sceneDetail', access: { permission: P.sceneQuery }, module: 'system',
    summary: 'The scene of one kind of device', query: cfg.deviceSceneQuery, data: cfg.deviceSceneItem }),
  sceneUploadImage: call({ method: 'POST', path: '/device/api/v1/device/uploadSceneImage', access: { permission: P.sceneEdit }, module: 'system',
    summary: "Upload a device scene picture: a whole PNG or JPEG, up to 2 MB; counts in the uploader's quota", data: cfg.imageUploaded, multipart: true }),
  sceneUpdate: call({ method: 'PUT', path: '/device/api/v1/device/updateImgAndAddr', access: { permission: P.sceneEdit }, module: 'system',
    summary: 'Set the display picture and link address of a kind of device', body: cfg.updateSceneRequest, data: cfg.deviceSceneItem }),
  appAdverts: call({ method: 'GET', path: '/user/api/app/v1/advert/list', access: 'app', module: 'system',
    summary: 'Customer app: the banners switched on and the device scenes, while Advertising is activated', data: adverts.appAdverts }),

  problemTypeQueryPage: call({ method: 'GET', path: '/user/api/v1/problemType/queryPage', access: { permission: P.problemTypeQuery }, module: 'system',
    summary: 'Problem types of repair tickets and feedback', query: cfg.problemTypeQuery, data: pageResult(cfg.problemTypeItem) }),
  problemTypeSave: call({ method: 'POST', path: '/user/api/v1/problemType/saveOrUpdate', access: { permission: P.problemTypeEdit }, module: 'system',
    summary: 'Create or edit a problem type', body: cfg.problemTypeSave, data: cfg.problemTypeItem }),
  problemTypeDelete: call({ method: 'DELETE', path: '/user/api/v1/problemType/delete', access: { permission: P.problemTypeDelete }, module: 'system',
    summary: 'Mark a problem type deleted (tickets keep it)', query: idQuery, data: none }),
  problemTypeExport: call({ method: 'POST', path: '/user/api/v1/problemType/export', access: { permission: P.problemTypeExport }, module: 'system',
    summary: 'Export problem types to the export centre', body: cfg.problemTypeFilter, data: exportStarted }),

  operationLogQueryPage: call({ method: 'GET', path: '/user/api/v1/sys/operationLog/queryPage', access: { permission: P.operationLogQuery }, module: 'system',
    summary: 'Changes made by staff, filtered and paged', query: cfg.operationLogQuery, data: pageResult(cfg.operationLogItem) }),
  operationLogExport: call({ method: 'POST', path: '/user/api/v1/sys/operationLog/export', access: { permission: P.operationLogExport }, module: 'system',
    summary: 'Export the operation log to the export centre', body: cfg.operationLogFilter, data: exportStarted }),
} as const;
