/** The ledger feature; `menus` holds the names the server seeds as ledger.menus.* (the screens come next). */
export default {
  menus: {
    group: 'Financial management',
    platformFlow: 'Platform fund flow',
    userFlow: 'User fund flow',
    accountFlow: 'Account fund flow',
    trialBalance: 'Trial balance',
    btnExport: 'Export fund flows',
  },
};
