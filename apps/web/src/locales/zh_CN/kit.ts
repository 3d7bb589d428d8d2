/** The list-page kit: filters, toolbar, table, overlays. */
export default {
  filters: '筛选条件',
  search: '查询',
  reset: '重置',
  expand: '展开',
  collapse: '收起',
  any: '全部',
  export: '导出',
  exportStarted: '正在导出“{{fileName}}”，完成后可在顶栏的导出列表中下载',
  total: '共 {{total}} 条',
  detail: '详情',
  actions: '操作',
  columns: '列设置',
  moveUp: '上移',
  moveDown: '下移',
  density: { title: '行密度', large: '默认', middle: '中等', small: '紧凑' },
  presets: { today: '今天', yesterday: '昨天', last7: '近 7 天', last30: '近 30 天', thisMonth: '本月', lastMonth: '上月' },
};
