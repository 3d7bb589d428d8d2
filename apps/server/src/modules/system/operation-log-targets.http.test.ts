import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { api, auditTargetIn, exportLabels, type CallName } from '@cbo/contract';
import { auditedCalls } from '../../platform/http/routes.js';
import { sysOperationLog } from '../../platform/audit/tables.js';
import { netMember } from '../network/tables.js';
import { ordOrder } from '../order/tables.js';
import { sysExtension } from './tables.js';
import { accountWithMenus } from '../../test/accounts.js';
import { engines, useServer } from '../../test/helper.js';
import { multipart, png } from '../../test/images.js';
import { until } from '../../test/fleet/fleet-helpers.js';
import { newSn, TestCabinet } from '../../test/fleet/test-cabinet.js';
import { caller, networkFixture, ok, outletBody, type Answer, type Caller } from '../../test/outlet/outlet-fixtures.js';

/**
 * Audited calls this test does not run, each with why. Every other audited call is run below (the
 * table), or is named in one place that one of its calls here proves: an export by the file it makes
 * (the export centre), an upload by its file (the upload reader), a call on the caller's own account
 * (access 'authenticated' or 'app') by the caller. A new audited call fails the completeness check
 * until it is added to the table, or here with its reason.
 */
const NOT_RUN: Partial<Record<CallName, string>> = {
  orderInit: 'needs a second live rental; named by its order number like orderEnd and orderSuspend (order.engine.ts)',
  refundOrderRefundBalance: 'needs a customer balance; named by the refund number (order.refunds.ts)',
  depositRefundApply: 'needs a deposit order; named by the deposit number (deposit.service.ts)',
  depositAudit: 'needs a deposit refund; named by the deposit number (deposit.service.ts)',
  voucherOrderRefund: 'needs a paid voucher order; named by the voucher order number',
  payoutAudit: 'needs a withdrawal with money behind it; named by the withdrawal number (payout.service.ts)',
  payoutBatchAudit: 'as payoutAudit, the numbers of the batch',
  separationRuleSave: 'needs a separated order setup (separation.test.ts); named by the rule name',
  separationRuleEditStatus: 'as separationRuleSave',
  separationRuleDelete: 'as separationRuleSave',
  separationOrderRestore: 'needs a separated order; named by its order number',
  firmwareUpgrade: 'a device action over the broker: named by the SNs like commandSend',
  forcedEjectEject: 'a device action over the broker: named by the SN and power bank like commandSend',
  configSavePay: 'needs a code ticket; named by the settings group like configSave',
  configAddDevicePay: 'needs a code ticket; named by the configuration name',
  configUpdateDevicePay: 'needs a code ticket; named by the configuration name',
  configSysSendCode: 'needs a code ticket; named by the masked mobile',
  configSysCheckCode: 'needs a code ticket; named by the masked mobile or the settings group',
  configUpdateStoreUrl: 'rewrites every outlet page; named by the settings group like configUpdateAddress',
  depositIgnoreBatch: 'named by the phone lines sent; the single add is run',
  stockPutInExcel: 'named by the device codes like stockPutIn (the upload reader names the file first)',
  stockTakeOutExcel: 'as stockPutInExcel',
  couponBatchEnd: 'named like couponBatchCreate (the batch number and coupon name)',
  configSaveMerchant: 'needs a code ticket; named by the settings group like configSavePay (merchant-accounts.ts)',
  reconcileRun: 'reads the companies statements; named by the day and the company (reconcile.service.ts)',
  reconcileExplain: 'needs a reconciled difference; named by the line op and key (reconcile.service.ts)',
};

/** An operation-log target as the console shows it: a name that says what changed, not an id. */
function isNamed(text: string | null | undefined): boolean {
  return !!text && text.trim() !== '' && text !== '-' && !/^\d+$/.test(text.trim());
}

/**
 * Every audited call names its target (issue 31): each call of the table runs through HTTP as an
 * operator makes it, and its operation-log entry names what it changed (an order number, an SN, a
 * user name, an outlet's name), never "-" or a bare id. The table and the categories named in one
 * place together cover every audited call the server registers.
 */
describe.each(engines)('operation-log targets (%s)', (engine) => {
  const s = useServer(engine);
  let token = '';
  const c = caller(s, () => token);
  let checkerToken = '';
  const checker = caller(s, () => checkerToken);
  const db = () => s.current.database.db;
  const services = () => s.current.server.services;
  const u = crypto.randomBytes(3).toString('hex');
  const cabinets: TestCabinet[] = [];
  const ran = new Map<CallName, string>();

  afterAll(async () => {
    await Promise.allSettled(cabinets.map((x) => (x.client ? x.client.endAsync(true) : Promise.resolve())));
  });

  /** Sends a call by its contract path (a DELETE's target in the query) and answers its data; refuses a non-zero code. */
  async function send(
    call: CallName,
    body?: unknown,
    query?: Record<string, string | number>,
    who: Caller = c,
  ): Promise<any> {
    const def = api[call];
    const qs = query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}` : '';
    return ok(who.send(def.method, `${def.path}${qs}`, body) as Promise<Answer>, call);
  }

  /** The newest entry of a call: a success that names `expected` (or a name that passes `isNamed`). */
  async function expectNamed(call: CallName, expected?: string): Promise<void> {
    const [row] = await db()
      .select()
      .from(sysOperationLog)
      .where(and(eq(sysOperationLog.call, call), eq(sysOperationLog.resultCode, 0)))
      .orderBy(desc(sysOperationLog.id))
      .limit(1);
    expect(row, `${call} made an entry`).toBeDefined();
    const shown = row!.targetName ? auditTargetIn(row!.targetName, 'en_US') : row!.target;
    expect(isNamed(shown), `${call} target: ${String(shown)}`).toBe(true);
    if (expected !== undefined) expect(shown, call).toBe(expected);
    ran.set(call, shown!);
  }

  async function step(call: CallName, run: () => Promise<unknown>, expected?: string): Promise<any> {
    const data = await run();
    await expectNamed(call, expected);
    return data;
  }

  async function customer() {
    const mobile = `136${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
    await s.current.inject({
      method: 'POST',
      url: '/user/api/app/v1/auth/sendCode',
      payload: { areaCode: '86', mobile },
    });
    const r = (
      await s.current.inject({
        method: 'POST',
        url: '/user/api/app/v1/auth',
        payload: { areaCode: '86', mobile, code: s.current.sms.lastCode(mobile)!, clientType: 'USER_IOS' },
      })
    ).json();
    const t = r.data.token as string;
    const call = async (m: 'GET' | 'POST', url: string, body?: unknown): Promise<Answer> =>
      (
        await s.current.inject({
          method: m,
          url,
          payload: body as object | undefined,
          headers: { authorization: t, clienttype: 'USER_IOS', 'accept-language': 'en_US' },
        })
      ).json();
    const [m] = await db().select({ id: netMember.id }).from(netMember).where(eq(netMember.mobile, mobile));
    return { mobile, call, id: m!.id };
  }

  it(
    'names the target of every audited call: the table runs, the rest is named in one place or listed with its reason',
    { timeout: 240_000 },
    async () => {
      token = await s.current.login();
      const checkerId = await accountWithMenus(db(), `checker${engine}`, 'check1234', [
        'order',
        'order.refunds',
        'order.refunds.audit',
        'operation',
        'operation.dispatch',
        'operation.dispatch.audit',
      ]);
      checkerToken = await s.current.login(`checker${engine}`, 'check1234');

      // Identity: accounts by user name, departments, roles and menus by name.
      const roles = (await ok(c.get('/user/api/v1/sys/role/list'), 'roles')) as { id: number; name: string }[];
      const ops = roles.find((r) => r.name === 'role.operations')!.id;
      const clerk = `clerk${u}`;
      const { manageId } = await step(
        'manageCreate',
        () => send('manageCreate', { userName: clerk, nickName: 'Clerk', password: 'clerk123', roleIds: [ops] }),
        clerk,
      );
      await step('manageUpdate', () => send('manageUpdate', { manageId, nickName: 'Clerk Two' }), clerk);
      await step('manageStatus', () => send('manageStatus', { manageId, status: 1 }), clerk);
      await step('manageResetPassword', () => send('manageResetPassword', { manageId, password: 'clerk456' }), clerk);
      await step('manageUnlockLogin', () => send('manageUnlockLogin', { manageId }), clerk);
      const org = await step(
        'orgSave',
        () => send('orgSave', { parentId: 0, name: `Dept ${u}`, orderNum: 1 }),
        `Dept ${u}`,
      );
      await step('orgDelete', () => send('orgDelete', undefined, { id: org.id }), `Dept ${u}`);
      const role = await step(
        'roleSave',
        () => send('roleSave', { name: `Role ${u}`, weight: 1, menuIds: [] }),
        `Role ${u}`,
      );
      await step('roleDelete', () => send('roleDelete', undefined, { id: role.id }), `Role ${u}`);
      const menu = await step(
        'menuSave',
        () => send('menuSave', { parentId: 0, type: 0, name: `Menu ${u}`, path: `/m${u}` }),
        `Menu ${u}`,
      );
      await step('menuBindUrls', () => send('menuBindUrls', { menuId: menu.id, apiIds: [] }), `Menu ${u}`);
      await step('menuDelete', () => send('menuDelete', undefined, { id: menu.id }), `Menu ${u}`);

      // System: settings groups and functions by their label (in the reader's language), rows by name.
      const G = '/user/api/v1/global/config';
      const basis = (await ok(c.get(`${G}/findByBasis`), 'basis')) as object;
      await step('configSave', () => send('configSave', { paramType: 'basis', values: basis }), 'Basic settings');
      const range = (await ok(c.get(`${G}/findRange`), 'range')) as object;
      await step('configSaveRange', () => send('configSaveRange', range), 'Range settings');
      await step(
        'configUpdateAddress',
        () =>
          send('configUpdateAddress', {
            qrCodeBaseUrl: 'https://u.example.com/scan',
            deviceServerHost: 'mqtt.example.com',
            deviceServerPort: 8883,
          }),
        'Device and QR code addresses',
      );
      const banner = await step(
        'configAddBanner',
        () =>
          send('configAddBanner', {
            title: `Summer ${u}`,
            img: '/files/images/a.png',
            link: '',
            sort: 1,
            enabled: true,
          }),
        `Summer ${u}`,
      );
      await step(
        'configUpdateBanner',
        () =>
          send('configUpdateBanner', {
            id: banner.id,
            title: `Winter ${u}`,
            img: '/files/images/a.png',
            link: '',
            sort: 1,
            enabled: false,
          }),
        `Winter ${u}`,
      );
      await step(
        'configDelete',
        () => send('configDelete', undefined, { kind: 'banner', id: banner.id }),
        `Winter ${u}`,
      );
      await step(
        'sceneUpdate',
        () =>
          send('sceneUpdate', { deviceType: 'cable', img: '/files/images/c.png', link: 'https://example.com/cable' }),
        'Charging cable',
      );
      const problem = await step(
        'problemTypeSave',
        () => send('problemTypeSave', { name: `Broken ${u}`, sort: 1, remark: '' }),
        `Broken ${u}`,
      );
      await step('problemTypeDelete', () => send('problemTypeDelete', undefined, { id: problem.id }), `Broken ${u}`);
      const [advertising] = await db()
        .select({ id: sysExtension.id })
        .from(sysExtension)
        .where(eq(sysExtension.code, 'advertising'));
      await step(
        'extensionEditStatus',
        () => send('extensionEditStatus', { id: advertising!.id, status: 'closed' }),
        'Advertising',
      );
      // An upload by its file, an export by the file it makes (each kind is named in one place).
      const upload = multipart(png(), { filename: `logo-${u}.png` });
      const up = await s.current.inject({
        method: 'POST',
        url: api.configUploadImage.path,
        headers: { authorization: token, clienttype: 'MANAGE_PC', ...upload.headers },
        payload: upload.payload,
      });
      expect(up.json().code).toBe(0);
      await expectNamed('configUploadImage', `logo-${u}.png`);
      const started = await step('manageExport', () => send('manageExport', {}));
      expect(ran.get('manageExport')).toBe(started.fileName);

      // The network: regions, teams and partners by name, customers by mobile.
      const net = await networkFixture(s, c);
      await step('regionSaveOrUpdate', () => send('regionSaveOrUpdate', { name: `Region ${u}` }), `Region ${u}`);
      const spare = (await send('regionSaveOrUpdate', { name: `Spare ${u}` })).id as number;
      await step('regionDelete', () => send('regionDelete', undefined, { id: spare }), `Spare ${u}`);
      await expectNamed('teamSaveOrUpdate');
      await expectNamed('agentSaveOrUpdate');
      await expectNamed('providerSaveOrUpdate');
      await expectNamed('pusherSaveOrUpdate');
      const agentName = (await ok(c.get('/user/api/v1/agent/detail', { id: net.agentB }), 'agent')).name as string;
      await step('agentUpdateStatus', () => send('agentUpdateStatus', { id: net.agentB, status: 0 }), agentName);
      await step('pusherUpdateStatus', () => send('pusherUpdateStatus', { id: net.pusher, status: 0 }));
      await step('providerUpdateStatus', () => send('providerUpdateStatus', { id: net.provider, status: 0 }));
      const spareTeam = (
        await send('teamSaveOrUpdate', {
          name: `Team ${u}`,
          regionId: net.region,
          leaderId: checkerId,
          memberIds: [checkerId],
        })
      ).id as number;
      await step('teamDelete', () => send('teamDelete', undefined, { id: spareTeam }), `Team ${u}`);
      const buyer = await customer();
      await step(
        'memberUpdateLevel',
        () => send('memberUpdateLevel', { id: buyer.id, level: 'B' }),
        `+86 ${buyer.mobile}`,
      );
      await step(
        'memberUpdateStatus',
        () => send('memberUpdateStatus', { id: buyer.id, status: 0 }),
        `+86 ${buyer.mobile}`,
      );
      await step('depositIgnoreAdd', () => send('depositIgnoreAdd', { userId: buyer.id }), `+86 ${buyer.mobile}`);
      const ignored = (
        await ok(c.get('/order/api/v1/depositOrder/orderRuleIgnoreList', { pageNum: 1, pageSize: 10 }), 'ignore list')
      ).list[0];
      await step('depositIgnoreDel', () => send('depositIgnoreDel', { id: ignored.id }), `86-${buyer.mobile}`);
      expect(
        (
          await buyer.call('POST', api.appCooperationApply.path, {
            type: 'store',
            contact: 'Shop owner',
            areaCode: '86',
            phone: '13600000000',
          })
        ).code,
      ).toBe(0);
      await expectNamed('appCooperationApply');
      const application = (
        await ok(c.get('/user/api/v1/cooperation/queryPage', { pageNum: 1, pageSize: 1 }), 'applications')
      ).list[0];
      await step(
        'cooperationHandle',
        () => send('cooperationHandle', { id: application.id, status: 'processing', note: 'called back' }),
        application.number,
      );

      // Assets: models, suppliers, warehouses by name, movements by device codes, dispatches by number.
      const model = await step(
        'modelSave',
        () => send('modelSave', { productName: 'Power bank', model: `M${u}`, deviceType: 'powerBank' }),
        `Power bank M${u}`,
      );
      await step(
        'modelEditStatus',
        () => send('modelEditStatus', { id: model.id, status: 'paused' }),
        `Power bank M${u}`,
      );
      await send('modelEditStatus', { id: model.id, status: 'normal' });
      const supplier = await step(
        'supplierSave',
        () =>
          send('supplierSave', {
            shortName: `Sup${u}`,
            factoryCode: u.slice(0, 4).toUpperCase(),
            companyName: 'Acme Devices Ltd',
          }),
        `Sup${u}`,
      );
      await step(
        'supplierEditStatus',
        () => send('supplierEditStatus', { id: supplier.id, status: 'paused' }),
        `Sup${u}`,
      );
      const from = (
        await step('warehouseSave', () => send('warehouseSave', { name: `From ${u}`, type: 'storage' }), `From ${u}`)
      ).id as number;
      const to = (await send('warehouseSave', { name: `To ${u}`, type: 'storage' })).id as number;
      const letters = Array.from(crypto.randomBytes(4), (b) => String.fromCharCode(65 + (b % 26))).join('');
      const pb = (n: number) => `${letters}${String(n).padStart(13, '0')}`;
      await step(
        'stockPutIn',
        () =>
          send('stockPutIn', {
            warehouseId: from,
            reason: 'purchase',
            deviceType: 'powerBank',
            modelId: model.id,
            startId: pb(1),
            endId: pb(4),
          }),
        `${pb(1)} – ${pb(4)}`,
      );
      await step('stockTakeOut', () => send('stockTakeOut', { reason: 'scrapped', ids: [pb(4)] }), pb(4));
      const dispatch = await step('dispatchApply', () =>
        send('dispatchApply', {
          fromWarehouseId: from,
          toWarehouseId: to,
          reason: 'replenishment',
          ids: [pb(1), pb(2)],
        }),
      );
      const applicationNo = ran.get('dispatchApply')!;
      await step(
        'dispatchAudit',
        () => send('dispatchAudit', { id: dispatch.id, approve: true }, undefined, checker),
        applicationNo,
      );
      await step('warehouseEditStatus', () => send('warehouseEditStatus', { id: to, status: 'normal' }), `To ${u}`);
      await step('assetDelete', () => send('assetDelete', undefined, { deviceId: pb(3) }), pb(3));

      // Accessories: devices by their ID, repair tickets by number.
      const cableModel = (await send('modelSave', { productName: 'Cable', model: `C${u}`, deviceType: 'cable' }))
        .id as number;
      const btModel = (await send('modelSave', { productName: 'BT', model: `B${u}`, deviceType: 'bluetoothCharger' }))
        .id as number;
      const cable = `CABL${String(crypto.randomInt(0, 1e12)).padStart(13, '0')}`;
      const tiers = [{ name: '1 hour', hours: 1, amount: 100 }];
      await step('cableAdd', () => send('cableAdd', { deviceId: cable, modelId: cableModel, packages: tiers }), cable);
      await step(
        'cableUpdate',
        () => send('cableUpdate', { deviceId: cable, modelId: cableModel, packages: tiers }),
        cable,
      );
      await step('cableIssueCode', () => send('cableIssueCode', { deviceId: cable, hours: 1 }), cable);
      await step('cableReissueCode', () => send('cableReissueCode', { deviceId: cable }), cable);
      const charger = `BLUE${String(crypto.randomInt(0, 1e12)).padStart(13, '0')}`;
      const billing = { packages: [], hourlyPrice: 100, dailyCap: 1000, prepayment: 2000 };
      await step(
        'bluetoothAdd',
        () => send('bluetoothAdd', { deviceId: charger, modelId: btModel, ...billing }),
        charger,
      );
      await step(
        'bluetoothUpdate',
        () => send('bluetoothUpdate', { deviceId: charger, modelId: btModel, ...billing }),
        charger,
      );
      await step('bluetoothDelete', () => send('bluetoothDelete', undefined, { deviceId: charger }), charger);
      const loose = (await send('problemTypeSave', { name: `Loose ${u}`, sort: 2, remark: '' })).id as number;
      const ticket = await step('repairAdd', () =>
        send('repairAdd', {
          deviceType: 'cable',
          deviceId: cable,
          problemTypeId: loose,
          contact: 'Li Lei',
          phone: '13800000000',
          description: 'No charge',
          pictures: [],
          outOfBusiness: false,
        }),
      );
      await step('repairProcess', () => send('repairProcess', { id: ticket.id, status: 'processing' }), ticket.no);
      expect(ran.get('repairAdd')).toBe(ticket.no);
      await step('cableDelete', () => send('cableDelete', undefined, { deviceId: cable }), cable);

      // Marketing: coupons and vouchers by name, code batches by number and coupon.
      const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
      const coupon = await step(
        'couponSave',
        () =>
          send('couponSave', {
            name: `Coupon ${u}`,
            type: 'money',
            scope: 'platform',
            amount: 200,
            total: 100,
            validFrom: inDays(-1),
            validTo: inDays(30),
          }),
        `Coupon ${u}`,
      );
      await step(
        'couponIssue',
        () => send('couponIssue', { couponId: coupon.id, mobiles: [buyer.mobile], perUser: 1, dailyLimit: 5 }),
        `Coupon ${u}`,
      );
      await step('couponStatus', () => send('couponStatus', { id: coupon.id, status: 'stopped' }), `Coupon ${u}`);
      const codes = await send('couponSave', {
        name: `Codes ${u}`,
        type: 'money',
        scope: 'platform',
        amount: 200,
        total: 100,
        validFrom: inDays(-1),
        validTo: inDays(30),
        source: 'code',
      });
      const batch = await step('couponBatchCreate', () =>
        send('couponBatchCreate', { couponId: codes.id, quantity: 2 }),
      );
      expect(ran.get('couponBatchCreate')).toBe(`${batch.batchNo}, Codes ${u}`);
      const voucher = await step(
        'voucherAdd',
        () =>
          send('voucherAdd', {
            name: `V${u}`,
            price: 1000,
            freeMinutes: 60,
            uses: 3,
            validDays: 30,
            stock: 100,
            scopeType: 'platform',
            status: 'onSale',
          }),
        `V${u}`,
      );
      await step(
        'voucherUpdate',
        () =>
          send('voucherUpdate', {
            id: voucher.id,
            name: `V${u}`,
            price: 1000,
            freeMinutes: 60,
            uses: 3,
            validDays: 30,
            stock: 100,
            scopeType: 'platform',
            status: 'offSale',
          }),
        `V${u}`,
      );
      const rule = await step(
        'depositRuleSave',
        () =>
          send('depositRuleSave', {
            name: `Rule ${u}`,
            scope: 'platform',
            depositOrderCount: 3,
            depositFreeOrderCount: 2,
          }),
        `Rule ${u}`,
      );
      await step(
        'depositRuleEditStatus',
        () => send('depositRuleEditStatus', undefined, { id: rule.id, status: 'disabled' }),
        `Rule ${u}`,
      );

      // Outlets by name; devices by SN; a rental by its order number, its refund by the order's number.
      const outlet = (
        await step(
          'outletSaveOrUpdate',
          () => send('outletSaveOrUpdate', outletBody(net.agentB, { name: `Cafe ${u}` })),
          `Cafe ${u}`,
        )
      ).id as number;
      const sn = newSn();
      const spareSn = newSn();
      await step('cabinetBatchStorage', () => send('cabinetBatchStorage', { sns: [sn, spareSn] }), `${sn}, ${spareSn}`);
      await step('cabinetDelete', () => send('cabinetDelete', undefined, { sn: spareSn }), spareSn);
      await step('outletBindDevice', () => send('outletBindDevice', { outletId: outlet, sn }), `${sn}, Cafe ${u}`);
      await step('outletSuspend', () => send('outletSuspend', { id: outlet, reason: 'closed today' }), `Cafe ${u}`);
      await step('outletResume', () => send('outletResume', { id: outlet }), `Cafe ${u}`);
      const cab = new TestCabinet(services().gateway.brokerUrl, sn, services().fleet.secretOf(sn), 6);
      cabinets.push(cab);
      await cab.start();
      await until(async () => (await services().fleet.rental.availability(sn)).available >= 2, 8_000, 'inventory');
      await step('commandSend', () => send('commandSend', { sn, type: 'restart' }), sn);
      const renter = await customer();
      const rent = await renter.call('POST', '/order/api/app/v1/order/rent', { sn });
      expect(rent.code, rent.msg).toBe(0);
      const orderNo = rent.data.orderNo as string;
      await until(
        async () => (await ok(c.get('/order/api/v1/order/detail', { orderNo }), 'detail')).status === 'using',
        8_000,
        'using',
      );
      await step('orderSuspend', () => send('orderSuspend', { orderNo, minutes: 5, reason: 'cabinet fault' }), orderNo);
      // Rented two hours ago, so that the end bills and there is money to refund.
      await db().execute(
        sql`update ord_order set start_at = now() - interval '2 hours', created_at = now() - interval '2 hours' where order_no = ${orderNo}`,
      );
      await step(
        'orderEnd',
        () => send('orderEnd', { orderNo, endTime: new Date().toISOString(), reason: 'end' }),
        orderNo,
      );
      // The rented power bank stayed out (the order was ended by staff): it is deleted by its code.
      const [rented] = await db()
        .select({ id: ordOrder.powerBankId })
        .from(ordOrder)
        .where(eq(ordOrder.orderNo, orderNo));
      await step(
        'powerBankDelete',
        () => send('powerBankDelete', undefined, { powerBankId: rented!.id! }),
        rented!.id!,
      );
      const refund = await step(
        'refundOrderRefundAmount',
        () => send('refundOrderRefundAmount', { orderNo, amount: 1, reason: 'battery was low' }),
        orderNo,
      );
      await step(
        'refundOrderAudit',
        () => send('refundOrderAudit', { id: refund.id, approve: true }, undefined, checker),
        orderNo,
      );
      await send('outletUnbindDevice', { sn, deviceType: 'cabinet', reason: 'moved' });
      await expectNamed('outletUnbindDevice', sn);
      await send('outletSuspend', { id: outlet, reason: 'moving' });
      await step('outletDelete', () => send('outletDelete', { id: outlet }), `Cafe ${u}`);

      // Completeness: every audited call is run above, named in one place, or listed with its reason.
      const oneplace = (name: CallName) =>
        Object.hasOwn(exportLabels, name) ||
        api[name].multipart === true ||
        api[name].access === 'authenticated' ||
        api[name].access === 'app';
      const missing = [...auditedCalls].filter((n) => !ran.has(n) && !oneplace(n) && !Object.hasOwn(NOT_RUN, n));
      expect(missing, 'audited calls neither run here, nor named in one place, nor listed in NOT_RUN').toEqual([]);
      // A listed call that the table runs now is taken off the list.
      expect(Object.keys(NOT_RUN).filter((n) => ran.has(n as CallName))).toEqual([]);
      expect(Object.keys(NOT_RUN).filter((n) => !auditedCalls.has(n as CallName))).toEqual([]);
      // Each category named in one place was proven above by one of its calls.
      expect([...ran.keys()].some((n) => Object.hasOwn(exportLabels, n))).toBe(true);
      expect([...ran.keys()].some((n) => api[n].multipart === true)).toBe(true);
      expect(ran.size).toBeGreaterThan(80);
    },
  );

  it("names a call on the caller's own account by the caller (a sign-out)", async () => {
    token = await s.current.login();
    expect((await c.post('/user/api/v1/auth/logout', {})).code).toBe(0);
    await expectNamed('logout', 'admin');
  });
});
