import { OutletList } from '../components/outlet-list';

/** Direct-sales outlets (menu url outlet/direct-outlets): outlets run by a team instead of an agent. */
export default function DirectOutletsView() {
  return <OutletList direct />;
}
