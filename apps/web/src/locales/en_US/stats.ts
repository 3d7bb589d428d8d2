/** The statistics feature (financial data); `menus` holds the menu and button names the server seeds as stats.menus.*. */
export default {
  menus: {
    group: 'Statistics',
    financial: 'Financial data',
    btnExport: 'Export financial data',
    businessWidget: 'Dashboard: new users and active cabinets',
    actionsWidget: 'Dashboard: things that need action',
  },
  financial: {
    period: 'Period',
    total: 'Total',
    chart: 'Income, refunds and net',
    table: 'By period',
    empty: 'No money moved in this range',
    hint: 'Summed from the ledger by the time each entry was posted; days, weeks (from Monday) and months of {{zone}}. Shares are what each party earned less what refunds took back.',
  },
};
