import type { ReactNode } from 'react';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The one empty state of the console: antd's small picture and one line, "No data" unless the
 * screen says what is missing ("No commands yet"). Tables pass it as `locale.emptyText`.
 */
export function EmptyState({ description }: { description?: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description ?? t('empty')} data-testid="empty-state" />
  );
}
