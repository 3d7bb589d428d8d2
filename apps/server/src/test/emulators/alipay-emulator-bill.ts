import iconv from 'iconv-lite';
import JSZip from 'jszip';
import { BILL_COLUMNS } from '../../modules/order/providers/alipay-bill.js';
import { yuan } from '../../modules/order/providers/alipay-support.js';

/** One row of the emulator's trade bill: a payment (交易) or a refund (退款), amounts in cents. */
export interface BillRow {
  kind: '交易' | '退款';
  tradeNo: string;
  outTradeNo: string;
  outRequestNo?: string;
  subject: string;
  createdAt: string;
  doneAt: string;
  buyer: string;
  /** Positive cents; a refund row shows it negative, as Alipay's bill does. */
  amount: number;
  /** The service fee in cents: taken on a payment (shown negative), given back on a refund (shown positive). */
  fee: number;
}

/** The day's bill as Alipay serves it: a zip of the business detail CSV and its summary, GBK encoded. */
export async function billZip(pid: string, day: string, rows: BillRow[]): Promise<Buffer> {
  const d = day.replaceAll('-', '');
  const pad = (v: string) => `${v}\t`;
  const detail = [
    '#支付宝业务明细查询',
    `#账号：[${pid}0156]`,
    `#起始日期：[${day} 00:00:00]   终止日期：[${day} 23:59:59]`,
    '#-----------------------------------------业务明细列表----------------------------------------',
    BILL_COLUMNS.join(','),
    ...rows.map((r) => {
      const sign = r.kind === '退款' ? -1 : 1;
      const v: Record<(typeof BILL_COLUMNS)[number], string> = {
        支付宝交易号: pad(r.tradeNo),
        商户订单号: pad(r.outTradeNo),
        业务类型: r.kind,
        商品名称: csvText(r.subject),
        创建时间: r.createdAt,
        完成时间: r.doneAt,
        门店编号: '',
        门店名称: '',
        操作员: '',
        终端号: '',
        对方账户: r.buyer,
        '订单金额（元）': yuan(sign * r.amount),
        '商家实收（元）': yuan(sign * r.amount),
        '支付宝红包（元）': '0.00',
        '集分宝（元）': '0.00',
        '支付宝优惠（元）': '0.00',
        '商家优惠（元）': '0.00',
        '券核销金额（元）': '0.00',
        券名称: '',
        '商家红包消费金额（元）': '0.00',
        '卡消费金额（元）': '0.00',
        '退款批次号/请求号': r.outRequestNo ? pad(r.outRequestNo) : '',
        '服务费（元）': yuan(r.kind === '退款' ? r.fee : -r.fee),
        '分润（元）': '0.00',
        备注: '',
      };
      return BILL_COLUMNS.map((c) => v[c]).join(',');
    }),
    '#-----------------------------------------业务明细列表结束------------------------------------',
    `#交易合计：${rows.filter((r) => r.kind === '交易').length}笔，退款合计：${rows.filter((r) => r.kind === '退款').length}笔`,
    `#导出时间：[${day} 23:59:59]`,
  ].join('\r\n');
  const paid = rows.filter((r) => r.kind === '交易');
  const back = rows.filter((r) => r.kind === '退款');
  const sum = (rs: BillRow[], f: (r: BillRow) => number) => rs.reduce((s, r) => s + f(r), 0);
  const summary = [
    '#支付宝业务汇总查询',
    `#账号：[${pid}0156]`,
    '门店编号,门店名称,交易订单总笔数,退款订单总笔数,订单金额（元）,商家实收（元）,服务费（元）,实收净额（元）',
    [
      '',
      '合计',
      paid.length,
      back.length,
      yuan(sum(paid, (r) => r.amount) - sum(back, (r) => r.amount)),
      yuan(sum(paid, (r) => r.amount) - sum(back, (r) => r.amount)),
      yuan(sum(back, (r) => r.fee) - sum(paid, (r) => r.fee)),
      yuan(sum(paid, (r) => r.amount - r.fee) - sum(back, (r) => r.amount - r.fee)),
    ].join(','),
    `#导出时间：[${day} 23:59:59]`,
  ].join('\r\n');
  const zip = new JSZip();
  zip.file(`${pid}0156_${d}_业务明细.csv`, iconv.encode(detail, 'gbk'));
  zip.file(`${pid}0156_${d}_业务明细(汇总).csv`, iconv.encode(summary, 'gbk'));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

function csvText(v: string): string {
  return /[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
}
