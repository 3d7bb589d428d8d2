import { identityLabels, labelsIn } from '@cbo/contract';

/** Remarks of the roles the server seeds (roleRemark.* keys), from the contract's labels. */
export default labelsIn(identityLabels.roleRemark, 'zh_CN');
