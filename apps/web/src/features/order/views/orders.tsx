import { OrderList } from '../components/order-list';

/** Order management → orders (menu url order/orders): the last 30 days, with the staff actions in the detail. */
export default function OrdersView() {
  return <OrderList />;
}
