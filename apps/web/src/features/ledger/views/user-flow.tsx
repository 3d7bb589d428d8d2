import { FundFlowList } from '../components/fund-flow-list';

/** Financial management → user fund flow (menu url ledger/user-flow). */
export default function UserFlowView() {
  return <FundFlowList scope="user" />;
}
