import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from './route-title';

/** The 404 panel: inside the layout for a menu entry whose view does not exist. */
export function NotFoundView() {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('notFound.description')}
      extra={
        <Button type="primary" onClick={() => void navigate('/')}>
          {t('notFound.backHome')}
        </Button>
      }
    />
  );
}

/** The /404 screen, where unknown addresses lead. */
export function NotFoundPage() {
  const { t } = useTranslation('errors');
  useDocumentTitle(t('notFound.title'));
  return (
    <main className="not-found-page">
      <NotFoundView />
    </main>
  );
}
