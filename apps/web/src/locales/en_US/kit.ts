/** The list-page kit: filters, toolbar, table, overlays. */
export default {
  filters: 'Filters',
  search: 'Search',
  reset: 'Reset',
  expand: 'More',
  collapse: 'Less',
  any: 'All',
  export: 'Export',
  exportStarted: 'Exporting "{{fileName}}"; download it from the export list in the top bar',
  total: '{{total}} in total',
  detail: 'Details',
  actions: 'Actions',
  columns: 'Columns',
  moveUp: 'Move up',
  moveDown: 'Move down',
  density: { title: 'Row density', large: 'Default', middle: 'Middle', small: 'Compact' },
  presets: {
    today: 'Today',
    yesterday: 'Yesterday',
    last7: 'Last 7 days',
    last30: 'Last 30 days',
    thisMonth: 'This month',
    lastMonth: 'Last month',
  },
  deviceDelete: {
    title: 'Delete {{id}}?',
    content:
      'Only a device bound to no outlet (a power bank: in no cabinet) can be deleted. Its orders, movements and records are kept.',
    ok: 'Delete',
    done: 'Deleted',
  },
};
