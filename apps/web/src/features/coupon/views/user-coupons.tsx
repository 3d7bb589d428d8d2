import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { COUPON_SOURCES, USER_COUPON_STATUSES, type UserCouponItem } from '@cbo/contract';
import { useMoney } from '@/shared/money';
import { formatDateTime, ListPage, optionsOf, type ColumnsOf, type FiltersOf, timeColumn } from '@/shared/list-page';
import { StateTag, useCouponWords } from '../components/coupon-words';
import { CustomerLink } from '@/shared/customer-link';

/** Financial management → customers' coupons (menu url coupon/user-coupons): every coupon a customer holds, unused, used (on which rental) or expired. */
export default function UserCouponsView() {
  const { t } = useTranslation('coupon');
  const w = useCouponWords();
  const { money } = useMoney();

  const filters = useMemo<FiltersOf<'userCouponQueryPage'>>(
    () => [
      { type: 'text', name: 'mobile', label: t('fields.mobile'), maxLength: 20 },
      {
        type: 'select',
        name: 'status',
        label: t('fields.status'),
        options: optionsOf(USER_COUPON_STATUSES, w.userStatus),
      },
      { type: 'select', name: 'source', label: t('fields.source'), options: optionsOf(COUPON_SOURCES, w.source) },
    ],
    [t, w],
  );
  const columns = useMemo<ColumnsOf<'userCouponQueryPage'>>(
    () => [
      {
        title: t('fields.mobile'),
        dataIndex: 'userMobile',
        key: 'userMobile',
        fixed: 'left',
        width: 140,
        render: (_: string, r) => <CustomerLink userId={r.userId}>{r.userMobile}</CustomerLink>,
      },
      {
        title: t('fields.status'),
        dataIndex: 'status',
        key: 'status',
        width: 90,
        render: (v: UserCouponItem['status']) => <StateTag state={v} text={w.userStatus(v)} />,
      },
      { title: t('fields.coupon'), dataIndex: 'couponName', key: 'couponName', width: 140, ellipsis: true },
      {
        title: t('fields.value'),
        key: 'value',
        width: 90,
        align: 'right',
        render: (_: unknown, r: UserCouponItem) =>
          r.type === 'duration' ? t('coupons.hours', { n: r.durationHours }) : money(r.amount),
      },
      {
        title: t('fields.source'),
        dataIndex: 'source',
        key: 'source',
        width: 110,
        render: (v: UserCouponItem['source']) => w.source(v),
      },
      {
        title: t('fields.validity'),
        key: 'validity',
        width: 170,
        render: (_: unknown, r: UserCouponItem) =>
          `${formatDateTime(r.validFrom).slice(0, 10)} ~ ${formatDateTime(r.validTo).slice(0, 10)}`,
      },
      { title: t('fields.orderNo'), dataIndex: 'orderNo', key: 'orderNo', width: 180, copyable: true },
      {
        title: t('fields.deduction'),
        dataIndex: 'deduction',
        key: 'deduction',
        width: 100,
        align: 'right',
        render: (v: number, r: UserCouponItem) => (r.status === 'used' ? money(v) : ''),
      },
      { title: t('fields.code'), dataIndex: 'code', key: 'code', width: 140, defaultHidden: true },
      timeColumn(t('fields.receivedTime'), { hidden: true }),
      timeColumn(t('fields.usedTime'), { dataIndex: 'usedTime', hidden: true }),
    ],
    [t, w, money],
  );
  return (
    <ListPage
      listCall="userCouponQueryPage"
      rowKey="id"
      title={t('userCoupons.title')}
      filters={filters}
      columns={columns}
      emptyText={t('userCoupons.empty')}
    />
  );
}
