/** The order feature; `menus` holds the names the server seeds as order.menus.* (the screens come next). */
export default {
  menus: {
    group: '訂單管理',
    orders: '訂單列表',
    refunds: '退款記錄',
    btnExport: '匯出訂單',
    btnEnd: '結束訂單',
    btnSuspend: '暫停計費',
    btnInit: '初始化訂單',
    btnRefund: '退款',
  },
};
