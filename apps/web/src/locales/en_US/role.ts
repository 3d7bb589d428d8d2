/** Names of the roles the server seeds (role.* keys). */
export default {
  superAdmin: 'Super administrator',
  finance: 'Finance',
  operations: 'Operations',
  customerService: 'Customer service',
};
