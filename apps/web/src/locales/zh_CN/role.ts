/** Names of the roles the server seeds (role.* keys). */
export default {
  superAdmin: '超级管理员',
};
