import { App, Avatar, Button, Flex, Upload } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AVATAR_MAX_BYTES } from '@cbo/contract';
import { imageProblem, useImageUpload } from '@/shared/image-upload';
import { accountChanged } from '../account';

/** Why a picked file cannot be an avatar, or null when it can (PNG or JPEG up to 5 MB). */
export const avatarProblem = (file: Pick<File, 'type' | 'size'>) => imageProblem(file, AVATAR_MAX_BYTES);

export function AvatarUpload({ img }: { img: string | null }) {
  const { t } = useTranslation('profile');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  // The server stores the upload as the account's avatar (and checks the content itself).
  const { props, uploading } = useImageUpload('manageAvatar', AVATAR_MAX_BYTES, async (url) => {
    void message.success(t('avatar.saved'));
    await accountChanged(queryClient, { img: url });
  });

  return (
    <Flex vertical align="center" gap={12}>
      <Avatar size={96} src={img || undefined} icon={<UserOutlined />} alt={t('avatar.alt')} />
      <Upload {...props}>
        <Button size="small" icon={<UploadOutlined />} loading={uploading}>
          {t('avatar.change')}
        </Button>
      </Upload>
    </Flex>
  );
}
