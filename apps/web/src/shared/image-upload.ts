import { useState } from 'react';
import { App, Upload, type UploadProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { UPLOAD_IMAGE_TYPES } from '@cbo/contract';
import { request } from './request';

/** The calls that take one image (multipart `file`) and answer its address. */
export type ImageUploadCall =
  | 'repairUploadPicture'
  | 'configUploadImage'
  | 'sceneUploadImage'
  | 'manageAvatar'
  | 'agentUploadImage'
  | 'pusherUploadImage';

const IMAGE_TYPES: readonly string[] = UPLOAD_IMAGE_TYPES;

/** Why a picked file cannot be sent as an image, or null when it can: its declared type, then its size. */
export function imageProblem(file: Pick<File, 'type' | 'size'>, maxBytes: number): 'type' | 'size' | null {
  if (!IMAGE_TYPES.includes(file.type)) return 'type';
  if (file.size > maxBytes) return 'size';
  return null;
}

/**
 * The one way an image is picked and sent: the browser refuses a wrong type or a file over
 * `maxBytes` at once, in the reader's language (the server decodes the whole image anyway), the
 * file goes to `call`, and `onUploaded` gets its address. Spread `props` on an antd `Upload`.
 */
export function useImageUpload(
  call: ImageUploadCall,
  maxBytes: number,
  onUploaded: (url: string) => void | Promise<void>,
) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = imageProblem(file, maxBytes);
    if (problem === 'type') void message.error(t('image.wrongType'));
    if (problem === 'size') void message.error(t('image.tooLarge', { mb: maxBytes / 1024 / 1024 }));
    return problem ? Upload.LIST_IGNORE : true;
  };
  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    const body = new FormData();
    body.append('file', file as Blob);
    setUploading(true);
    request(call, { body })
      .then(async (r) => {
        onSuccess?.(r);
        await onUploaded(r.url);
      })
      // The request layer already showed the server's message; Upload only needs to know.
      .catch((e: Error) => onError?.(e))
      .finally(() => setUploading(false));
  };
  const props: UploadProps = {
    accept: IMAGE_TYPES.join(','),
    showUploadList: false,
    beforeUpload,
    customRequest,
    maxCount: 1,
  };
  return { props, uploading };
}
