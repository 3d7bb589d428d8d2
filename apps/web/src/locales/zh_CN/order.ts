/** The order feature; `menus` holds the names the server seeds as order.menus.* (the screens come next). */
export default {
  menus: {
    group: '订单管理',
    orders: '订单列表',
    refunds: '退款记录',
    btnExport: '导出订单',
    btnEnd: '结束订单',
    btnSuspend: '暂停计费',
    btnInit: '初始化订单',
    btnRefund: '退款',
  },
};
