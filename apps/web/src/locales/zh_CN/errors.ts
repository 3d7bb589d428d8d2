export default {
  notFound: {
    title: '页面不存在',
    description: '抱歉，您访问的页面不存在。',
    backHome: '返回首页',
  },
  viewCrashed: {
    title: '页面出错了',
    description: '该页面在加载或显示时出错，其他页面不受影响。',
    retry: '重试',
  },
};
