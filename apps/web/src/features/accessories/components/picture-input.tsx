import { Button, Flex, Image, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_BYTES, REPAIR_PICTURES_MAX } from '@cbo/contract';
import { useImageUpload } from '@/shared/image-upload';

/** A ticket's pictures: each goes to the platform's uploads (PNG or JPEG up to 2 MB) and its address is kept. */
export function PictureInput({
  value = [],
  onChange,
  id,
}: {
  value?: string[];
  onChange?: (v: string[]) => void;
  id?: string;
}) {
  const { t } = useTranslation('accessories');
  const { props, uploading } = useImageUpload('repairUploadPicture', IMAGE_MAX_BYTES, (url) =>
    onChange?.([...value, url]),
  );

  return (
    <Flex id={id} gap={8} wrap align="center">
      {value.map((url) => (
        <Flex key={url} vertical align="center" gap={2}>
          <Image src={url} alt="" width={64} height={64} style={{ objectFit: 'cover' }} />
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('repair.pictureRemove')}
            onClick={() => onChange?.(value.filter((v) => v !== url))}
          />
        </Flex>
      ))}
      {value.length < REPAIR_PICTURES_MAX && (
        <Upload {...props}>
          <Button icon={<UploadOutlined />} loading={uploading}>
            {t('repair.pictureAdd', { max: REPAIR_PICTURES_MAX })}
          </Button>
        </Upload>
      )}
    </Flex>
  );
}
