/** 统计 → 运营报告；`menus` 为服务端种子菜单 report.menus.* 的名称。 */
export default {
  menus: {
    report: '运营报告',
    btnExport: '下载运营报告',
  },
  pickFirst: '请选择报告对应的{{kind}}。',
  preset: { lastWeek: '上周', lastMonth: '上月', custom: '自定义' },
  tooLong: '报告最长 366 天。',
  print: '打印',
  download: '下载 xlsx',
  downloaded: '已下载 {{name}}',
  outlets: '{{count}} 个网点',
  vsPrevious: '上期：{{value}}',
  noChange: '上期无数据',
  empty: '该期间没有订单',
  orderAxis: '订单数',
  hint: '按订单创建时间统计（与订单列表相同日期和网点的结果一致），对比紧邻的等长上一期间；按 {{zone}} 的日期划分。资金数据来自账本。',
};
