/** The ledger feature; `menus` holds the names the server seeds as ledger.menus.* (the screens come next). */
export default {
  menus: {
    group: '財務管理',
    platformFlow: '平台資金流水',
    userFlow: '使用者資金流水',
    accountFlow: '帳戶資金流水',
    trialBalance: '試算平衡',
    btnExport: '匯出資金流水',
  },
};
