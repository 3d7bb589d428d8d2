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
  sessionEnded: {
    title: '已退出登录',
    content: '您已被登出，可以取消以继续留在该页面，或者重新登录。',
    relogin: '重新登录',
  },
};
