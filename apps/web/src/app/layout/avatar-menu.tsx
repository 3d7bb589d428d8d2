import { App, Avatar, Dropdown } from 'antd';
import { CaretDownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { logout, useSession } from '@/shared/session';
import { PROFILE_PATH } from '../menu-routes';

/** The avatar menu: personal center, and log out after a confirmation. */
export function AvatarMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation('layout');
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { user } = useSession();

  const confirmLogout = () => {
    modal.confirm({
      title: t('logout.confirmTitle'),
      content: t('logout.confirmContent'),
      okText: t('logout.action'),
      cancelText: t('common:cancel'),
      // The guard sees the token gone and shows /login; the dialog waits for the server call.
      onOk: () => logout(),
    });
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'profile', icon: <UserOutlined />, label: t('personalCenter') },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('logout.action') },
        ],
        onClick: ({ key }) => {
          if (key === 'profile') void navigate(PROFILE_PATH);
          else if (key === 'logout') confirmLogout();
        },
      }}
    >
      <button type="button" className="navbar-avatar" aria-label={t('accountMenu')}>
        <Avatar size={32} src={user?.img || undefined} icon={<UserOutlined />} alt="" />
        {!compact && <span className="navbar-avatar-name">{user?.nickName || user?.userName}</span>}
        <CaretDownOutlined className="navbar-avatar-caret" />
      </button>
    </Dropdown>
  );
}
