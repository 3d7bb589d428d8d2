export default {
  title: 'Exports',
  empty: 'No exports yet',
  loading: 'Loading',
  download: 'Download',
  progress: 'Export progress',
  rows_one: '{{count}} row',
  rows_other: '{{count}} rows',
  failed: 'Export failed',
  readyTitle: 'Export ready',
  failedTitle: 'Export failed',
  openList: 'Open the export list',
  errors: {
    interrupted: 'Interrupted several times and stopped; export again',
    serverError: 'The server could not write the file; export again',
  },
};
