/** The list-page kit: filters, toolbar, table, overlays. */
export default {
  filters: '篩選條件',
  search: '查詢',
  reset: '重設',
  expand: '展開',
  collapse: '收合',
  any: '全部',
  export: '匯出',
  exportStarted: '正在匯出「{{fileName}}」，完成後可在頂欄的匯出清單中下載',
  total: '共 {{total}} 筆',
  detail: '詳情',
  actions: '操作',
  columns: '欄位設定',
  moveUp: '上移',
  moveDown: '下移',
  density: { title: '列密度', large: '預設', middle: '中等', small: '緊湊' },
  deviceDelete: {
    title: '刪除 {{id}}？',
    content: '只有未綁定網點的設備（行動電源：不在任何機櫃中）可以刪除。其訂單、出入庫與紀錄都會保留。',
    ok: '刪除',
    done: '已刪除',
  },
};
