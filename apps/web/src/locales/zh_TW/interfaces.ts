/** Namespace interfaces (issue 3, identity screens). */
export default {
  title: "介面列表",
  nameOrPath: "名稱或路徑",
  method: "方法",
  path: "路徑",
  name: "說明",
  module: "模組",
  access: "存取",
  accessKinds: {
    public: "公開",
    authenticated: "登入即可",
    permission: "需要權限",
  },
  menus: "綁定選單",
  none: "無",
  present: "狀態",
  presentYes: "使用中",
  presentNo: "已移除",
};
