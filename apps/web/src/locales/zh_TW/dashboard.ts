export default {
  empty: '暫無可顯示的內容',
  account: {
    title: '我的帳號',
    lastLoginTime: '上次登入時間',
    lastLoginIp: '上次登入位址',
    recent: '最近登入',
    noRecent: '暫無登入紀錄',
    time: '時間',
    terminal: '終端',
    result: '結果',
    ip: '位址',
  },
};
