export default {
  notFound: {
    title: '頁面不存在',
    description: '抱歉，您造訪的頁面不存在。',
    backHome: '返回首頁',
  },
  forbidden: {
    title: '無權限',
    description: '您的帳號沒有開啟此頁面的權限。',
    ask: '如需使用，請聯絡管理員為您的角色分配此選單。',
    back: '返回上一頁',
  },
  viewCrashed: {
    title: '頁面發生錯誤',
    description: '此頁面在載入或顯示時發生錯誤，其他頁面不受影響。',
    retry: '重試',
  },
};
