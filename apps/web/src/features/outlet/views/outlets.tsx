import { OutletList } from '../components/outlet-list';

/** Outlet management → outlet list (menu url outlet/outlets): agents' outlets. */
export default function OutletsView() {
  return <OutletList direct={false} />;
}
