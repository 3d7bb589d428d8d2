/** 统计功能（财务数据）；`menus` 为服务端以 stats.menus.* 初始化的菜单与按钮名称。 */
export default {
  menus: {
    group: '统计',
    financial: '财务数据',
    btnExport: '导出财务数据',
    businessWidget: '数据分析：新增用户与活跃机柜',
    actionsWidget: '数据分析：待处理事项',
  },
  financial: {
    period: '时段',
    total: '合计',
    chart: '收入、退款与净收入',
    table: '按时段',
    empty: '该时间范围内无资金变动',
    hint: '按每笔分录的记账时间从账本汇总；日、周（自周一起）、月按 {{zone}} 时区划分。分润为各方所得减去退款收回的部分。',
  },
};
