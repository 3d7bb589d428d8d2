export default {
  title: '匯出清單',
  empty: '暫無匯出紀錄',
  loading: '載入中',
  download: '下載',
  progress: '匯出進度',
  rows_one: '{{count}} 筆',
  rows_other: '{{count}} 筆',
  failed: '匯出失敗',
  readyTitle: '匯出完成',
  failedTitle: '匯出失敗',
  openList: '開啟匯出列表',
  errors: {
    interrupted: '匯出多次中斷，已停止，請重新匯出',
    serverError: '伺服器匯出失敗，請重新匯出',
  },
};
