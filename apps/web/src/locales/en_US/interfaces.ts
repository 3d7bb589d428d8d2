/** Namespace interfaces (issue 3, identity screens). */
export default {
  title: "Interfaces",
  nameOrPath: "Name or path",
  method: "Method",
  path: "Path",
  name: "Description",
  module: "Module",
  access: "Access",
  accessKinds: {
    public: "Public",
    authenticated: "Any signed-in account",
    permission: "Permission code",
  },
  menus: "Bound menus",
  none: "None",
  present: "State",
  presentYes: "In use",
  presentNo: "Removed",
};
