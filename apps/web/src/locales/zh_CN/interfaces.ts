/** Namespace interfaces (issue 3, identity screens). */
export default {
  title: "接口列表",
  nameOrPath: "名称或路径",
  method: "方法",
  path: "路径",
  name: "说明",
  module: "模块",
  access: "访问",
  accessKinds: {
    public: "公开",
    authenticated: "登录即可",
    permission: "需要权限",
  },
  menus: "绑定菜单",
  none: "无",
  present: "状态",
  presentYes: "在用",
  presentNo: "已移除",
};
