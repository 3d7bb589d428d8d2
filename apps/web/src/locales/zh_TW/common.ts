/** Shell words, and the labels of coded values several domains show (account types, terminals, results). */
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
  /** The one wording of each kind of "it worked" toast, the same on every screen. */
  done: {
    saved: '已儲存',
    deleted: '已刪除',
  },
  /** What an image field says of a file it will not send (shared/image-upload.ts). */
  image: {
    wrongType: '請選擇 PNG 或 JPEG 圖片',
    tooLarge: '圖片不能超過 {{mb}} MB',
  },
  /** The one empty state: a table, list or panel with nothing to show. */
  empty: '暫無資料',
  sessionEnded: {
    title: '已登出',
    content: '您已被登出，可以取消以繼續留在此頁面，或重新登入。',
    relogin: '重新登入',
  },
  accountTypes: {
    admin: '管理員',
    agent: '代理商',
    user: '使用者',
    groundPromoter: '地推',
    serviceProvider: '網點服務商',
    outlet: '網點',
    operator: '營運商（直營團隊）',
  },
  terminals: {
    MANAGE_PC: '管理後台（PC）',
    AGENT_IOS: '代理商 iOS',
    AGENT_ANDROID: '代理商 Android',
    AGENT_WECHAT: '代理商微信',
    AGENT_ALIPAY: '代理商支付寶',
    USER_IOS: '使用者 iOS',
    USER_ANDROID: '使用者 Android',
    USER_WECHAT: '使用者微信',
    USER_ALIPAY: '使用者支付寶',
  },
  results: {
    success: '成功',
    fail: '失敗',
  },
};
