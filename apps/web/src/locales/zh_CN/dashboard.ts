export default {
  empty: '暂无可显示的内容',
  account: {
    title: '我的账号',
    lastLoginTime: '上次登录时间',
    lastLoginIp: '上次登录地址',
    recent: '最近登录',
    noRecent: '暂无登录记录',
    time: '时间',
    terminal: '终端',
    result: '结果',
    ip: '地址',
  },
};
