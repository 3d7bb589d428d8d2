/** Statistics → Operation report; `menus` holds the menu and button names the server seeds as report.menus.*. */
export default {
  menus: {
    report: 'Operation report',
    btnExport: 'Download the operation report',
  },
  pickFirst: '{{kind}}: choose which one the report is about.',
  preset: { lastWeek: 'Last week', lastMonth: 'Last month', custom: 'Custom' },
  tooLong: 'A report covers at most 366 days.',
  print: 'Print',
  download: 'Download xlsx',
  downloaded: 'Downloaded {{name}}',
  outlets: '{{count}} outlets',
  vsPrevious: 'Previous: {{value}}',
  noChange: 'no previous figure',
  empty: 'No orders in this period',
  orderAxis: 'Orders',
  hint: 'Orders created in the period (the orders list for the same dates and outlets), against the period of equal length just before it; days of {{zone}}. Money from the ledger.',
};
