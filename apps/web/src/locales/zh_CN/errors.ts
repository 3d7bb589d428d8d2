export default {
  notFound: {
    title: '页面不存在',
    description: '抱歉，您访问的页面不存在。',
    backHome: '返回首页',
  },
  forbidden: {
    title: '无权限',
    description: '您的账号没有打开此页面的权限。',
    ask: '如需使用，请联系管理员为您的角色分配此菜单。',
    back: '返回上一页',
  },
  viewCrashed: {
    title: '页面出错了',
    description: '该页面在加载或显示时出错，其他页面不受影响。',
    retry: '重试',
  },
};
