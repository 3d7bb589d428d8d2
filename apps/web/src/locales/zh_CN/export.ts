export default {
  title: '导出列表',
  empty: '暂无导出记录',
  loading: '加载中',
  download: '下载',
  progress: '导出进度',
  rows_one: '{{count}} 条',
  rows_other: '{{count}} 条',
  failed: '导出失败',
  readyTitle: '导出完成',
  failedTitle: '导出失败',
  openList: '打开导出列表',
  errors: {
    interrupted: '导出中断多次，已停止，请重新导出',
    serverError: '服务器导出失败，请重新导出',
  },
};
