export default {
  pageTitle: '登入',
  title: '後台管理系統',
  byAccount: '帳號登入',
  byMobile: '手機號碼登入',
  userName: '使用者名稱',
  areaCode: '區號',
  mobile: '手機號碼',
  password: '密碼',
  submit: '登入',
  required: {
    userName: '請輸入使用者名稱',
    areaCode: '請輸入區號',
    mobile: '請輸入手機號碼',
    password: '請輸入密碼',
  },
};
