import { useState } from 'react';
import { App, Button, Flex, Image, Upload, type UploadProps } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_BYTES, REPAIR_PICTURES_MAX, UPLOAD_IMAGE_TYPES } from '@cbo/contract';
import { request } from '@/shared/request';

const IMAGE_TYPES: readonly string[] = UPLOAD_IMAGE_TYPES;

/** A ticket's pictures: each goes to the platform's uploads (PNG or JPEG up to 2 MB) and its address is kept. */
export function PictureInput({ value = [], onChange, id }: { value?: string[]; onChange?: (v: string[]) => void; id?: string }) {
  const { t } = useTranslation('accessories');
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (!IMAGE_TYPES.includes(file.type)) {
      void message.error(t('repair.pictureType'));
      return Upload.LIST_IGNORE;
    }
    if (file.size > IMAGE_MAX_BYTES) {
      void message.error(t('repair.pictureSize', { mb: IMAGE_MAX_BYTES / 1024 / 1024 }));
      return Upload.LIST_IGNORE;
    }
    return true;
  };
  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    const body = new FormData();
    body.append('file', file as Blob);
    setUploading(true);
    request('repairUploadPicture', { body })
      .then((r) => {
        onSuccess?.(r);
        onChange?.([...value, r.url]);
      })
      .catch((e: Error) => onError?.(e))
      .finally(() => setUploading(false));
  };

  return (
    <Flex id={id} gap={8} wrap align="center">
      {value.map((url) => (
        <Flex key={url} vertical align="center" gap={2}>
          <Image src={url} alt="" width={64} height={64} style={{ objectFit: 'cover' }} />
          <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('repair.pictureRemove')} onClick={() => onChange?.(value.filter((v) => v !== url))} />
        </Flex>
      ))}
      {value.length < REPAIR_PICTURES_MAX && (
        <Upload accept={IMAGE_TYPES.join(',')} showUploadList={false} beforeUpload={beforeUpload} customRequest={customRequest} maxCount={1}>
          <Button icon={<UploadOutlined />} loading={uploading}>
            {t('repair.pictureAdd', { max: REPAIR_PICTURES_MAX })}
          </Button>
        </Upload>
      )}
    </Flex>
  );
}
