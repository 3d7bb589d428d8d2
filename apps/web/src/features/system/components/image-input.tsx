import { useState } from 'react';
import { App, Button, Flex, Image, Input, Upload, type UploadProps } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_BYTES, UPLOAD_IMAGE_TYPES } from '@cbo/contract';
import { request } from '@/shared/request';

const IMAGE_TYPES: readonly string[] = UPLOAD_IMAGE_TYPES;

/**
 * An image address with an upload button: the file goes to the screen's upload call (each is
 * bound to its screen's permission; the server decodes the whole image) and the answered address
 * fills the field; an address may also be typed. Nothing changes until the form holding it is saved.
 */
export function ImageInput({
  value,
  onChange,
  id,
  disabled,
  call = 'configUploadImage',
}: {
  value?: string;
  onChange?: (v: string) => void;
  id?: string;
  disabled?: boolean;
  call?: 'configUploadImage' | 'sceneUploadImage';
}) {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (!IMAGE_TYPES.includes(file.type)) {
      void message.error(t('config.image.wrongType'));
      return Upload.LIST_IGNORE;
    }
    if (file.size > IMAGE_MAX_BYTES) {
      void message.error(t('config.image.tooLarge', { mb: IMAGE_MAX_BYTES / 1024 / 1024 }));
      return Upload.LIST_IGNORE;
    }
    return true;
  };
  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    const body = new FormData();
    body.append('file', file as Blob);
    setUploading(true);
    request(call, { body })
      .then((r) => {
        onSuccess?.(r);
        onChange?.(r.url);
      })
      .catch((e: Error) => onError?.(e))
      .finally(() => setUploading(false));
  };

  return (
    <Flex gap={12} align="center" wrap>
      {value ? <Image src={value} alt="" width={48} height={48} style={{ objectFit: 'contain', background: '#f5f5f5' }} /> : null}
      <Input id={id} value={value} onChange={(e) => onChange?.(e.target.value)} disabled={disabled} style={{ flex: 1, minWidth: 200 }} placeholder="/files/images/… or https://…" />
      <Upload accept={IMAGE_TYPES.join(',')} showUploadList={false} beforeUpload={beforeUpload} customRequest={customRequest} maxCount={1} disabled={disabled}>
        <Button icon={<UploadOutlined />} loading={uploading} disabled={disabled}>
          {t('config.image.upload')}
        </Button>
      </Upload>
    </Flex>
  );
}
