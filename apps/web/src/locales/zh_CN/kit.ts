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
  deviceDelete: {
    title: '删除 {{id}}？',
    content: '只有未绑定网点的设备（充电宝：不在任何机柜中）可以删除。其订单、出入库和记录都会保留。',
    ok: '删除',
    done: '已删除',
  },
};
