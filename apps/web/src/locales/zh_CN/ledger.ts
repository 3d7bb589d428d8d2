/** The ledger feature; `menus` holds the names the server seeds as ledger.menus.* (the screens come next). */
export default {
  menus: {
    group: '财务管理',
    platformFlow: '平台资金流水',
    userFlow: '用户资金流水',
    accountFlow: '账户资金流水',
    trialBalance: '试算平衡',
    btnExport: '导出资金流水',
  },
};
