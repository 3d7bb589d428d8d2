import iconv from 'iconv-lite';
import JSZip from 'jszip';
import type { StatementLine } from '../payments.js';
import { cents, isoFromAlipay } from './alipay-support.js';

/**
 * Alipay's trade bill (alipay.data.dataservice.bill.downloadurl.query, bill_type trade): a zip of GBK
 * CSV files, the business detail ("业务明细") and its summary ("业务明细(汇总)"). The detail opens
 * with `#` comment lines, then a header row, one row per payment or refund, and `#` summary lines.
 * Values may carry trailing tabs or spaces (Alipay pads numbers so spreadsheets keep them as text).
 */
export const BILL_COLUMNS = [
  '支付宝交易号',
  '商户订单号',
  '业务类型',
  '商品名称',
  '创建时间',
  '完成时间',
  '门店编号',
  '门店名称',
  '操作员',
  '终端号',
  '对方账户',
  '订单金额（元）',
  '商家实收（元）',
  '支付宝红包（元）',
  '集分宝（元）',
  '支付宝优惠（元）',
  '商家优惠（元）',
  '券核销金额（元）',
  '券名称',
  '商家红包消费金额（元）',
  '卡消费金额（元）',
  '退款批次号/请求号',
  '服务费（元）',
  '分润（元）',
  '备注',
] as const;

/** Splits one CSV row (quotes allowed, "" inside quotes is a quote). */
export function csvRow(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out.map((v) => v.trim());
}

/**
 * The statement lines of a bill's detail CSV (already decoded). Payments are charges (key: our
 * out_trade_no), refunds are refunds (key: our out_request_no). `fee` is the service fee Alipay took
 * on the line in cents: positive when taken, negative when a refund gave part of it back.
 */
export function parseBillDetail(text: string): StatementLine[] {
  const lines = text.split(/\r?\n/);
  const h = lines.findIndex((l) => l.startsWith('支付宝交易号'));
  if (h < 0) throw new Error('alipay: the bill has no detail header');
  const header = csvRow(lines[h]!);
  const col = (name: (typeof BILL_COLUMNS)[number]) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`alipay: the bill has no column ${name}`);
    return i;
  };
  const c = {
    tradeNo: col('支付宝交易号'),
    outTradeNo: col('商户订单号'),
    kind: col('业务类型'),
    done: col('完成时间'),
    amount: col('订单金额（元）'),
    requestNo: col('退款批次号/请求号'),
    fee: col('服务费（元）'),
  };
  const out: StatementLine[] = [];
  for (const line of lines.slice(h + 1)) {
    if (line.startsWith('#')) break;
    if (!line.trim()) continue;
    const v = csvRow(line);
    const kind = v[c.kind];
    const fee = -cents(v[c.fee] || '0');
    const base = { reference: v[c.tradeNo]!, amount: Math.abs(cents(v[c.amount])), fee, at: isoFromAlipay(v[c.done]) };
    if (kind === '交易') out.push({ key: v[c.outTradeNo]!, op: 'charge', status: 'succeeded', ...base });
    else if (kind === '退款')
      out.push({ key: v[c.requestNo] || v[c.outTradeNo]!, op: 'refund', status: 'succeeded', ...base });
    else throw new Error(`alipay: unknown bill line kind ${JSON.stringify(kind)}`);
  }
  return out;
}

/** The detail lines of a downloaded bill zip: the GBK CSV whose header starts with 支付宝交易号 (not the summary). */
export async function parseBillZip(zip: Buffer): Promise<StatementLine[]> {
  const archive = await JSZip.loadAsync(zip);
  for (const file of Object.values(archive.files)) {
    if (file.dir || !file.name.toLowerCase().endsWith('.csv')) continue;
    const text = iconv.decode(await file.async('nodebuffer'), 'gbk');
    if (text.split(/\r?\n/).some((l) => l.startsWith('支付宝交易号'))) return parseBillDetail(text);
  }
  throw new Error('alipay: the bill zip has no business detail CSV');
}
