import { tr, type LabelGroup } from '../platform/labels.js';
import type { Translations } from '../platform/lang.js';
import type { reconcileCalls } from './calls.js';
import type { RECONCILE_OPS, RECONCILE_RESULTS, RECONCILE_RUN_STATES } from './reconcile.js';

/** Words of the reconciliation that both the console and the server show. */
export const reconcileLabels = {
  runState: {
    running: tr('对账中', '對帳中', 'Running'),
    done: tr('已完成', '已完成', 'Done'),
    failed: tr('失败', '失敗', 'Failed'),
  } satisfies LabelGroup<(typeof RECONCILE_RUN_STATES)[number]>,
  result: {
    matched: tr('已匹配', '已匹配', 'Matched'),
    providerOnly: tr('仅支付渠道有', '僅支付渠道有', 'Only at the company'),
    booksOnly: tr('仅账簿有', '僅帳簿有', 'Only in the books'),
    amountDiffers: tr('金额不符', '金額不符', 'Amounts differ'),
    booksPending: tr('账簿待确认', '帳簿待確認', 'Books still pending'),
  } satisfies LabelGroup<(typeof RECONCILE_RESULTS)[number]>,
  op: {
    charge: tr('收款', '收款', 'Charge'),
    refund: tr('退款', '退款', 'Refund'),
    payout: tr('付款', '付款', 'Payout'),
    freeze: tr('预授权冻结', '預授權凍結', 'Freeze'),
    capture: tr('预授权扣款', '預授權扣款', 'Capture'),
    unfreeze: tr('预授权解冻', '預授權解凍', 'Unfreeze'),
  } satisfies LabelGroup<(typeof RECONCILE_OPS)[number]>,
  runBy: {
    schedule: tr('定时任务', '定時任務', 'Schedule'),
  },
} as const;

/** The sheet of a day's lines. */
export const reconcileExports = {
  reconcileExport: {
    title: tr('对账明细', '對帳明細', 'Reconciliation lines'),
    columns: {
      result: tr('对账结果', '對帳結果', 'Result'),
      op: tr('类型', '類型', 'Type'),
      key: tr('请求编号', '請求編號', 'Request key'),
      reference: tr('支付流水号', '支付流水號', 'Payment reference'),
      providerAmount: tr('渠道金额', '渠道金額', 'Company amount'),
      booksAmount: tr('账簿金额', '帳簿金額', 'Books amount'),
      fee: tr('手续费', '手續費', 'Fee'),
      at: tr('时间', '時間', 'Time'),
      explainedBy: tr('说明人', '說明人', 'Explained by'),
      explainedAt: tr('说明时间', '說明時間', 'Explained at'),
      reason: tr('说明', '說明', 'Explanation'),
    },
  },
} as const;

/** What each change of the reconciliation is called in the operation log, keyed by its call. */
export const reconcileActions = {
  reconcileRun: tr('执行对账', '執行對帳', 'Reconcile a day'),
  reconcileExplain: tr('说明对账差异', '說明對帳差異', 'Explain a reconciliation difference'),
  reconcileExport: tr('导出对账明细', '匯出對帳明細', 'Export reconciliation lines'),
} as const satisfies { [K in keyof typeof reconcileCalls]?: Translations };

/** What each reconciliation call that changes nothing is named. */
export const reconcileReads = {
  reconcileDayQueryPage: tr('查询对账日', '查詢對帳日', 'Query reconciled days'),
  reconcileProviders: tr('对账支付渠道', '對帳支付渠道', 'Reconciled payment companies'),
  reconcileLineQueryPage: tr('查询对账明细', '查詢對帳明細', 'Query reconciliation lines'),
} as const satisfies { [K in keyof typeof reconcileCalls]?: Translations };
