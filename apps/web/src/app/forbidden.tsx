import { Button, Result, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { request } from '@/shared/request';
import { callKey } from '@/shared/list-page';
import { TopProgress } from '@/shared/top-progress';
import { DASHBOARD_PATH, NOT_FOUND_PATH } from './menu-routes';

/**
 * An address none of the account's routes has. The server knows every route: one that exists
 * but is not granted to the account is "no permission" (403, with the way back), one that does
 * not exist is "not found" (/404). If the server cannot be asked, not found is the safe answer.
 */
export function ForbiddenOrMissing({ pathname }: { pathname: string }) {
  const status = useQuery({
    queryKey: callKey('menuPathStatus', { path: pathname }),
    queryFn: ({ signal }) => request('menuPathStatus', { query: { path: pathname } }, { signal, silent: true }),
    retry: false,
  });
  if (status.isPending) return <TopProgress />;
  if (status.data?.exists) return <ForbiddenView />;
  return <Navigate to={NOT_FOUND_PATH} replace />;
}

/** The 403 panel inside the layout (titled by the layout): what happened, and two ways out. */
export function ForbiddenView() {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  const canGoBack = typeof window !== 'undefined' && window.history.length > 1;
  return (
    <Result
      status="403"
      title="403"
      subTitle={
        <>
          <div>{t('forbidden.description')}</div>
          <div>{t('forbidden.ask')}</div>
        </>
      }
      extra={
        <Space wrap>
          {canGoBack && <Button onClick={() => void navigate(-1)}>{t('forbidden.back')}</Button>}
          <Button type="primary" onClick={() => void navigate(DASHBOARD_PATH)}>
            {t('notFound.backHome')}
          </Button>
        </Space>
      }
      data-testid="forbidden"
    />
  );
}
