import crypto from 'node:crypto';
import type { AlipayMerchant } from '../../modules/order/providers/alipay.js';
import type { AlipayEmulator } from './alipay-emulator.js';

/** The emulator's state and keys (see alipay-emulator.ts). */
export interface AlipayKeys {
  /** The application's private key as Alipay's key tool prints it: bare base64 PKCS#8. */
  appPrivateKey: string;
  appPublicKey: string;
  alipayPrivateKey: string;
  /** Alipay's public key as the open platform shows it: bare base64. */
  alipayPublicKey: string;
}

export function makeAlipayKeys(): AlipayKeys {
  const pair = () => crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const app = pair();
  const alipay = pair();
  const bare = (k: crypto.KeyObject, type: 'pkcs8' | 'spki') =>
    (k.export({ type, format: 'der' } as crypto.KeyExportOptions<'der'>) as Buffer).toString('base64');
  return {
    appPrivateKey: bare(app.privateKey, 'pkcs8'),
    appPublicKey: app.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    alipayPrivateKey: alipay.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    alipayPublicKey: bare(alipay.publicKey, 'spki'),
  };
}

/** The merchant settings of the application the emulator knows (its APPID, gateway and the test's keys). */
export function alipayMerchantFor(em: AlipayEmulator, keys: AlipayKeys, notifyUrl: string): AlipayMerchant {
  return {
    appId: em.appId,
    appPrivateKey: keys.appPrivateKey,
    alipayPublicKey: keys.alipayPublicKey,
    notifyUrl,
    gateway: em.gateway,
  };
}

export interface Trade {
  tradeNo: string;
  outTradeNo: string;
  amount: number;
  paid: number;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED' | 'TRADE_FINISHED';
  subject: string;
  buyerId: string;
  notifyUrl: string;
  createdAt: Date;
  paidAt?: Date;
  refunded: number;
}
export interface Refund {
  tradeNo: string;
  outTradeNo: string;
  outRequestNo: string;
  amount: number;
  at: Date;
}
export interface FreezeOperation {
  operationId: string;
  outRequestNo: string;
  type: 'FREEZE' | 'UNFREEZE' | 'PAY';
  amount: number;
  status: 'INIT' | 'SUCCESS' | 'CLOSED';
  at: Date;
}
export interface Freeze {
  authNo: string;
  outOrderNo: string;
  amount: number;
  rest: number;
  paid: number;
  status: 'INIT' | 'AUTHORIZED' | 'FINISH' | 'CLOSED';
  payerId: string;
  notifyUrl: string;
  operations: FreezeOperation[];
}
export interface Transfer {
  orderId: string;
  outBizNo: string;
  amount: number;
  status: 'SUCCESS' | 'FAIL';
  payee: string;
  errorCode?: string;
  at: Date;
}
export interface SentNotification {
  url: string;
  params: Record<string, string>;
  body: string;
  dropped: boolean;
  forged: boolean;
  replies: string[];
}

/** Alipay's time: China Standard Time, "YYYY-MM-DD HH:mm:ss". */
export function chinaTime(d: Date): string {
  return new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}
