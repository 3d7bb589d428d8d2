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
  empty: 'No data',
  total: '{{total}} in total',
  saved: 'Saved',
  detail: 'Details',
  actions: 'Actions',
};
