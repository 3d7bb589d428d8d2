/** 提現功能；`menus` 為伺服器寫入的 payout.menus.* 選單名稱。 */
export default {
  menus: {
    withdrawals: '提現管理',
    btnAudit: '審核提現',
    btnExport: '匯出提現申請',
  },
  list: {
    empty: '該時間範圍內沒有提現申請',
  },
  summary: {
    pending: '待審核',
    paying: '支付公司撥款中',
    count: '{{count}} 筆申請',
  },
  batch: {
    action: '批次審核（{{count}}）',
    title: '批次審核 {{count}} 筆提現',
    hint: '共 {{count}} 筆待審核提現，合計撥款 {{amount}}。每筆單獨審核；其間已被處理的會列出，不會重複撥款。',
    approveConfirm: '確認為 {{count}} 筆提現撥款，合計 {{amount}}？',
    someRefused: '已處理 {{decided}} 筆，{{refused}} 筆未處理',
  },
  audit: {
    action: '審核',
    title: '審核提現 {{applicationNo}}',
    hint: '{{party}} 申請提現 {{amount}}：手續費 {{fee}}，實際撥款 {{actual}}。駁回後金額退回該帳戶。',
    decision: '審核結果',
    approve: '通過並撥款',
    reject: '駁回',
    reason: '駁回原因',
    approveConfirm: '確認透過支付公司向 {{name}} 撥款 {{amount}}？',
    approved: '已通過：已提交支付公司',
    rejected: '已駁回：金額已退回',
  },
  detail: {
    title: '提現 {{applicationNo}}',
    mode: '審核方式',
    automatic: '自動（未超過自動模式上限）',
    reviewed: '人工審核',
    balance: '帳戶目前餘額',
    withdrawable: '目前可提現',
    owed: '欠平台金額（從後續分潤抵扣，結清前不能提現）',
    history: '狀態記錄',
    system: '系統',
    company: '支付公司',
  },
};
