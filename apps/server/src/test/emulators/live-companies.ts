import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { auth, type TestServer } from '../helper.js';
import { codeTicket } from '../system/code-ticket.js';
import { AlipayEmulator, makeAlipayKeys } from './alipay-emulator.js';
import { WechatPayEmulator, makeWechatPayKeys } from './wechatpay-emulator.js';

/**
 * Both payment companies live for a test server: the WeChat Pay and Alipay emulators started, the
 * server listening on a port of its own (the emulators post their notifications to
 * <origin>/pay/notify/<company>), and both merchant accounts saved and enabled through the pay
 * settings as staff save them (an SMS ticket, the secrets sealed). `close()` stops the emulators once
 * every notification under way was answered. The server needs MERCHANT_SECRET_KEY set.
 */
export async function liveCompanies(t: TestServer, token: string) {
  const wxKeys = makeWechatPayKeys();
  const wx = new WechatPayEmulator({
    merchantPublicKey: wxKeys.merchant.publicKey,
    merchantSerialNo: wxKeys.merchant.serialNo,
    platformPrivateKey: wxKeys.platform.privateKey,
    platformPublicKeyId: wxKeys.platform.publicKeyId,
    apiV3Key: wxKeys.apiV3Key,
  });
  const aliKeys = makeAlipayKeys();
  const ali = new AlipayEmulator({ appPublicKey: aliKeys.appPublicKey, alipayPrivateKey: aliKeys.alipayPrivateKey });
  await wx.start();
  await ali.start();
  const app = t.server.app;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const ticket = await codeTicket(t, token);
  const saved = await t.inject({
    method: 'PUT',
    url: '/user/api/v1/global/config/merchant',
    headers: auth(token),
    payload: {
      ticket,
      notifyBaseUrl: origin,
      wechatpay: {
        enabled: true,
        mchId: wx.mchId,
        appId: wx.appId,
        merchantSerialNo: wxKeys.merchant.serialNo,
        platformPublicKeyId: wxKeys.platform.publicKeyId,
        platformPublicKey: wxKeys.platform.publicKey,
        baseUrl: wx.url,
        merchantPrivateKey: wxKeys.merchant.privateKey,
        apiV3Key: wxKeys.apiV3Key,
      },
      alipay: {
        enabled: true,
        appId: ali.appId,
        alipayPublicKey: aliKeys.alipayPublicKey,
        gateway: ali.gateway,
        appPrivateKey: aliKeys.appPrivateKey,
      },
    },
  });
  expect(saved.json()).toMatchObject({ code: 0 });
  expect(await t.server.services.order.provider.enabled()).toEqual(['wechatpay', 'alipay']);
  return {
    wx,
    ali,
    wxKeys,
    aliKeys,
    origin,
    /** Waits until both companies' notifications under way were answered. */
    idle: async () => {
      await wx.idle();
      await ali.flush();
    },
    close: async () => {
      await wx.close();
      await ali.close();
    },
  };
}
export type LiveCompanies = Awaited<ReturnType<typeof liveCompanies>>;
