export default {
  ok: '確定',
  cancel: '取消',
  confirm: '確認',
  save: '儲存',
  close: '關閉',
  refresh: '重新整理',
  back: '返回',
  loading: '載入中…',
  language: '語言',
  frequentOperation: '請勿頻繁操作',
  hasError: '發生錯誤',
  menuLoadFailed: '選單資料載入失敗',
  sessionEnded: {
    title: '已登出',
    content: '您已被登出，可以取消以繼續留在此頁面，或重新登入。',
    relogin: '重新登入',
  },
};
