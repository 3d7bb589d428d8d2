import { Button, Flex, Image, Input, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_BYTES } from '@cbo/contract';
import { useImageUpload } from '@/shared/image-upload';

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
  const { props, uploading } = useImageUpload(call, IMAGE_MAX_BYTES, (url) => onChange?.(url));

  return (
    <Flex gap={12} align="center" wrap>
      {value ? (
        <Image src={value} alt="" width={48} height={48} style={{ objectFit: 'contain', background: '#f5f5f5' }} />
      ) : null}
      <Input
        id={id}
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        disabled={disabled}
        style={{ flex: 1, minWidth: 200 }}
        placeholder="/files/images/… or https://…"
      />
      <Upload {...props} disabled={disabled}>
        <Button icon={<UploadOutlined />} loading={uploading} disabled={disabled}>
          {t('config.image.upload')}
        </Button>
      </Upload>
    </Flex>
  );
}
