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
  forgot: '忘记密码？',
  forgotHow:
    '请联系贵公司的管理员重置：系统管理 → 人员管理 → 重置密码。管理员会给您一个新密码，首次登录后请在个人中心修改。',
  required: {
    userName: '请输入用户名',
    areaCode: '请输入区号',
    mobile: '请输入手机号',
    password: '请输入密码',
  },
};
