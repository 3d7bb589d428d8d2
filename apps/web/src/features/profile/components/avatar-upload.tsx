import { useState } from 'react';
import { App, Avatar, Button, Flex, Upload, type UploadProps } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AVATAR_MAX_BYTES, UPLOAD_IMAGE_TYPES } from '@cbo/contract';
import { request } from '@/shared/request';
import { accountChanged } from '../account';

/** What the server accepts by content (it decodes the whole image); the browser checks the declared type first. */
export const AVATAR_TYPES = UPLOAD_IMAGE_TYPES;

/** Why a picked file cannot be an avatar, or null when it can (images up to 5 MB). */
export function avatarProblem(file: Pick<File, 'type' | 'size'>): 'type' | 'size' | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > AVATAR_MAX_BYTES) return 'size';
  return null;
}

export function AvatarUpload({ img }: { img: string | null }) {
  const { t } = useTranslation('profile');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = avatarProblem(file);
    if (problem === 'type') void message.error(t('avatar.wrongType'));
    if (problem === 'size') void message.error(t('avatar.tooLarge', { mb: AVATAR_MAX_BYTES / 1024 / 1024 }));
    return problem ? Upload.LIST_IGNORE : true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    const body = new FormData();
    body.append('file', file as Blob);
    setUploading(true);
    // The server stores the upload as the account's avatar (and checks the content itself).
    request('manageAvatar', { body })
      .then(async (uploaded) => {
        onSuccess?.(uploaded);
        void message.success(t('avatar.saved'));
        await accountChanged(queryClient, { img: uploaded.url });
      })
      // The request layer already showed the server's message; Upload only needs to know.
      .catch((e: Error) => onError?.(e))
      .finally(() => setUploading(false));
  };

  return (
    <Flex vertical align="center" gap={12}>
      <Avatar size={96} src={img || undefined} icon={<UserOutlined />} alt={t('avatar.alt')} />
      <Upload accept={AVATAR_TYPES.join(',')} showUploadList={false} beforeUpload={beforeUpload} customRequest={customRequest} maxCount={1}>
        <Button size="small" icon={<UploadOutlined />} loading={uploading}>
          {t('avatar.change')}
        </Button>
      </Upload>
    </Flex>
  );
}
