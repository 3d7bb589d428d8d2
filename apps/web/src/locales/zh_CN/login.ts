export default {
  pageTitle: '登录',
  title: '后台管理系统',
  byAccount: '账号登录',
  byMobile: '手机号登录',
  userName: '用户名',
  areaCode: '区号',
  mobile: '手机号',
  password: '密码',
  submit: '登录',
  required: {
    userName: '请输入用户名',
    areaCode: '请输入区号',
    mobile: '请输入手机号',
    password: '请输入密码',
  },
};
