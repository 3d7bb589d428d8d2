/** Names of the roles the server seeds (role.* keys). */
export default {
  superAdmin: '超級管理員',
  finance: '財務',
  operations: '營運',
  customerService: '客服',
};
