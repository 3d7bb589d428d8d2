import { OrderList } from '../components/order-list';

/** Order management → orders older than 30 days (menu url order/archive): read from the archive, 30 days at a time. */
export default function OrderArchiveView() {
  return <OrderList archive />;
}
