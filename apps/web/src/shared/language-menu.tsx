import { Button, Dropdown } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '@cbo/contract';
import { LANG_LABELS } from './lang-labels';
import { switchLanguage } from './ui-locale';

/** The language menu of the top bar. */
export function LanguageMenu({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  const current = i18n.language as Lang;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGS.map((lang) => ({ key: lang, label: LANG_LABELS[lang] })),
        onClick: ({ key }) => void switchLanguage(key as Lang),
      }}
    >
      <Button
        type="text"
        className={className}
        icon={<TranslationOutlined />}
        aria-label={t('language')}
        title={t('language')}
      />
    </Dropdown>
  );
}
