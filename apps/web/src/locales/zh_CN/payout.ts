/** 提现功能；`menus` 为服务端写入的 payout.menus.* 菜单名称。 */
export default {
  menus: {
    withdrawals: '提现管理',
    btnAudit: '审核提现',
    btnExport: '导出提现申请',
  },
  list: {
    empty: '该时间范围内没有提现申请',
  },
  summary: {
    pending: '待审核',
    paying: '支付公司打款中',
    count: '{{count}} 笔申请',
  },
  batch: {
    action: '批量审核（{{count}}）',
    title: '批量审核 {{count}} 笔提现',
    hint: '共 {{count}} 笔待审核提现，合计打款 {{amount}}。每笔单独审核；其间已被处理的会列出，不会重复打款。',
    approveConfirm: '确认为 {{count}} 笔提现打款，合计 {{amount}}？',
    someRefused: '已处理 {{decided}} 笔，{{refused}} 笔未处理',
  },
  audit: {
    action: '审核',
    title: '审核提现 {{applicationNo}}',
    hint: '{{party}} 申请提现 {{amount}}：手续费 {{fee}}，实际打款 {{actual}}。驳回后金额退回该账户。',
    decision: '审核结果',
    approve: '通过并打款',
    reject: '驳回',
    reason: '驳回原因',
    approveConfirm: '确认通过支付公司向 {{name}} 打款 {{amount}}？',
    approved: '已通过：已提交支付公司',
    rejected: '已驳回：金额已退回',
  },
  detail: {
    title: '提现 {{applicationNo}}',
    mode: '审核方式',
    automatic: '自动（未超过自动模式上限）',
    reviewed: '人工审核',
    balance: '账户当前余额',
    withdrawable: '当前可提现',
    owed: '欠平台金额（从后续分润抵扣，结清前不能提现）',
    history: '状态记录',
    system: '系统',
    company: '支付公司',
  },
};
