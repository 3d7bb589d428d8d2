/** Shell words, and the labels of coded values several domains show (account types, terminals, results). */
export default {
  ok: '确定',
  cancel: '取消',
  confirm: '确认',
  save: '保存',
  close: '关闭',
  refresh: '刷新',
  back: '返回',
  loading: '加载中…',
  language: '语言',
  frequentOperation: '请勿频繁操作',
  hasError: '出错了',
  menuLoadFailed: '菜单数据加载失败',
  /** The one wording of each kind of "it worked" toast, the same on every screen. */
  done: {
    saved: '已保存',
    deleted: '已删除',
  },
  /** What an image field says of a file it will not send (shared/image-upload.ts). */
  image: {
    wrongType: '请选择 PNG 或 JPEG 图片',
    tooLarge: '图片不能超过 {{mb}} MB',
  },
  /** The one empty state: a table, list or panel with nothing to show. */
  empty: '暂无数据',
  sessionEnded: {
    title: '已退出登录',
    content: '您已被登出，可以取消以继续留在该页面，或者重新登录。',
    relogin: '重新登录',
  },
  accountTypes: {
    admin: '管理员',
    agent: '代理商',
    user: '用户',
    groundPromoter: '地推',
    serviceProvider: '网点服务商',
    outlet: '网点',
    operator: '运营商（直营团队）',
  },
  terminals: {
    MANAGE_PC: '管理后台（PC）',
    AGENT_IOS: '代理商 iOS',
    AGENT_ANDROID: '代理商 Android',
    AGENT_WECHAT: '代理商微信',
    AGENT_ALIPAY: '代理商支付宝',
    USER_IOS: '用户 iOS',
    USER_ANDROID: '用户 Android',
    USER_WECHAT: '用户微信',
    USER_ALIPAY: '用户支付宝',
  },
  results: {
    success: '成功',
    fail: '失败',
  },
};
