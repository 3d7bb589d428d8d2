import { FundFlowList } from '../components/fund-flow-list';

/** Financial management → account fund flow (menu url ledger/account-flow). */
export default function AccountFlowView() {
  return <FundFlowList scope="account" />;
}
