/** Names of the roles the server seeds (role.* keys). */
export default {
  superAdmin: '超级管理员',
  finance: '财务',
  operations: '运营',
  customerService: '客服',
};
