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
  forgot: '忘記密碼？',
  forgotHow:
    '請聯絡貴公司的管理員重設：系統管理 → 人員管理 → 重設密碼。管理員會給您一個新密碼，首次登入後請在個人中心修改。',
  required: {
    userName: '請輸入使用者名稱',
    areaCode: '請輸入區號',
    mobile: '請輸入手機號碼',
    password: '請輸入密碼',
  },
};
