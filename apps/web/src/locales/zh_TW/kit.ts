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
  presets: { today: '今天', yesterday: '昨天', last7: '近 7 天', last30: '近 30 天', thisMonth: '本月', lastMonth: '上月' },
};
