import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Flex, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { request } from '@/shared/request';
import { errorText } from '@/shared/errors';
import { EmptyState } from '@/shared/empty-state';
import { callKey } from '@/shared/list-page';
import { CustomerHeader } from '../components/customer-header';
import { CustomerTabs } from '../components/customer-tabs';

/**
 * User management → a customer (menu url network/customer, /member/detail?id=, hidden from the
 * sidebar): one customer in one place, opened from wherever a customer is named (the user list,
 * orders, refunds, deposits, coupons, vouchers, fund flows). The header is memberDetail; each tab
 * is the list of the module that owns it, filtered by the customer (userId), shown when the
 * account holds that list's permission here (the screen's buttons).
 */
export default function CustomerView() {
  const { t } = useTranslation(['network', 'kit']);
  const [params] = useSearchParams();
  const raw = params.get('id') ?? '';
  const id = /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null;
  const detail = useQuery({
    queryKey: callKey('memberDetail', { id }),
    queryFn: ({ signal }) => request('memberDetail', { query: { id: id! } }, { signal, silent: true }),
    enabled: id !== null,
    retry: false,
  });

  if (id === null) return <EmptyState description={t('customer.noId')} />;
  if (detail.isError) return <Alert type="error" showIcon message={errorText(detail.error)} />;
  return (
    <Flex vertical gap={16} className="customer-page">
      {detail.data ? (
        <CustomerHeader customer={detail.data} />
      ) : (
        <Card>
          <Skeleton active />
        </Card>
      )}
      <CustomerTabs userId={id} />
    </Flex>
  );
}
