import { identityLabels, labelsIn } from '@cbo/contract';

/** Names of the roles the server seeds (role.* keys), from the contract's labels: one home of the words. */
export default labelsIn(identityLabels.role, 'zh_CN');
