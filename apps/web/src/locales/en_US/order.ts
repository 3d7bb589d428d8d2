/** The order feature; `menus` holds the names the server seeds as order.menus.* (the screens come next). */
export default {
  menus: {
    group: 'Order management',
    orders: 'Orders',
    refunds: 'Refund records',
    btnExport: 'Export orders',
    btnEnd: 'End order',
    btnSuspend: 'Suspend billing',
    btnInit: 'Initialise order',
    btnRefund: 'Refund',
  },
};
