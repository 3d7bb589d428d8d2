import { FundFlowList } from '../components/fund-flow-list';

/** Financial management → platform fund flow (menu url ledger/platform-flow). */
export default function PlatformFlowView() {
  return <FundFlowList scope="platform" />;
}
